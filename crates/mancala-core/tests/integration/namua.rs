//! Seeds in hand and the namua stage (`rows.hand`, `rows.start_inner`):
//! the rules of Bao la Kujifunza with Bao la Kiswahili's start, each move
//! worked out by hand in the comments.
//!
//! South's ring on the 4x8 board: outer row A-H (index 0-7), inner row I-P
//! (index 8-15: I is inner column 8, the right kichwa, P inner column 1, the
//! left kichwa; inner column c is index 16 - c). North's ring a-p (16-31)
//! the same from North's seat: North's inner column c is index 32 - c, and
//! South's inner column c faces North's column 9 - c.

use mancala_core::notation::{hole_label, move_label, parse_move};
use mancala_core::{EndReason, Game, Position, Rules, Side};

/// Bao la Kujifunza's rules with 22 seeds in each hand and the inner row
/// starting 0 0 0 0 6 2 2 0 from each player's left.
fn namua() -> Rules {
    let text = Rules::builtin_source("bao-la-kujifunza").unwrap().replace(
        "inner_row_empty_loses = true ",
        "inner_row_empty_loses = true\nhand = 22\nstart_inner = [0, 0, 0, 0, 6, 2, 2, 0]\n# ",
    );
    assert!(text.contains("hand = 22"));
    Rules::from_toml("t", &text, "t.toml").unwrap()
}

/// A position from `(label, seeds)` pairs (the other holes empty) and the
/// seeds in South's and North's hands.
fn position(r: &Rules, holes: &[(char, u8)], hands: [u8; 2], to_move: Side) -> Position {
    let mut board = vec![0u8; r.holes()];
    for &(label, seeds) in holes {
        let index = match label {
            'A'..='Z' => label as usize - 'A' as usize,
            _ => r.holes_per_side() + label as usize - 'a' as usize,
        };
        board[index] = seeds;
    }
    let board: Vec<String> = board.iter().map(u8::to_string).collect();
    let text = format!(
        "board={} to_move={} captured=0,0 ply=10 opened=both in_hand={},{}",
        board.join(","),
        to_move.as_str(),
        hands[0],
        hands[1]
    );
    r.position_from_text(&text).unwrap()
}

fn legal(r: &Rules, p: &Position) -> Vec<String> {
    let mut labels: Vec<String> = r.legal_moves(p).iter().map(|m| move_label(r, m)).collect();
    labels.sort();
    labels
}

fn holes(r: &Rules, p: &Position) -> Vec<(char, u8)> {
    (0..r.holes())
        .filter(|&h| p.seeds(h) > 0)
        .map(|h| (hole_label(r.holes_per_side(), h), p.seeds(h)))
        .collect()
}

fn play(r: &Rules, p: &Position, label: &str) -> Position {
    r.play(p, parse_move(r, label).unwrap()).unwrap()
}

fn hands(r: &Rules, p: &Position) -> [u32; 2] {
    Side::BOTH.map(|s| r.hand(p, s))
}

#[test]
fn the_start_has_the_seeds_in_hand_and_six_takasa_moves() {
    let r = namua();
    let start = r.start();
    // Inner columns 5, 6, 7: South's L, K, J; North's l, k, j.
    assert_eq!(
        holes(&r, &start),
        [('J', 2), ('K', 2), ('L', 6), ('j', 2), ('k', 2), ('l', 6)]
    );
    assert_eq!(hands(&r, &start), [22, 22]);
    assert_eq!(r.total_seeds(), 64);
    // South's columns 5-7 face North's 4-2, all empty: no capture, so a
    // seed goes into an occupied hole and that hole is sown either way.
    assert_eq!(legal(&r, &start), ["J<", "J>", "K<", "K>", "L<", "L>"]);
    // L>: L holds 7 with the seed from hand, sown M N O P A B C; C was empty.
    let after = play(&r, &start, "L>");
    assert_eq!(
        holes(&r, &after),
        [
            ('A', 1),
            ('B', 1),
            ('C', 1),
            ('J', 2),
            ('K', 2),
            ('M', 1),
            ('N', 1),
            ('O', 1),
            ('P', 1),
            ('j', 2),
            ('k', 2),
            ('l', 6)
        ]
    );
    assert_eq!(hands(&r, &after), [21, 22]);
    // The hand is in the position's text, the JSON state and the board.
    let text = r.position_to_text(&after);
    assert!(text.contains("in_hand=21,22"), "{text}");
    assert_eq!(r.position_from_text(&text).unwrap(), after);
    let mut game = Game::new(r.clone());
    game.play_label("L>").unwrap();
    let state = mancala_core::State::of(&game);
    assert_eq!(state.hand, Some([21, 22]));
    assert!(state.to_json_line().contains("\"hand\":[21,22]"));
    let diagram = r.board_diagram(&after);
    assert!(diagram.starts_with("  hand 22\n"), "{diagram}");
    assert!(diagram.ends_with("  hand 21\n"), "{diagram}");
}

#[test]
fn a_seed_placed_facing_seeds_captures_and_the_mover_chooses_the_kichwa() {
    let r = namua();
    // K (column 6) faces n (North's column 3). North keeps i.
    let p = position(&r, &[('K', 1), ('i', 1), ('n', 2)], [5, 5], Side::South);
    assert_eq!(legal(&r, &p), ["K<", "K>"]);
    // K>: K gets the seed (2), n's 2 are taken and sown counter-clockwise
    // from the right kichwa I: I, J; J was empty.
    let right = play(&r, &p, "K>");
    assert_eq!(holes(&r, &right), [('I', 1), ('J', 1), ('K', 2), ('i', 1)]);
    assert_eq!(hands(&r, &right), [4, 5]);
    // K<: clockwise from the left kichwa P: P, O.
    let left = play(&r, &p, "K<");
    assert_eq!(holes(&r, &left), [('K', 2), ('O', 1), ('P', 1), ('i', 1)]);
}

#[test]
fn a_namua_capture_in_a_kimbi_is_sown_from_its_kichwa() {
    let r = namua();
    // O (column 2, the left kimbi) faces j (North's column 7): one move,
    // clockwise from P: P, O (now 3), N; N was empty.
    let p = position(&r, &[('O', 1), ('i', 1), ('j', 3)], [5, 5], Side::South);
    assert_eq!(legal(&r, &p), ["O<"]);
    let after = play(&r, &p, "O<");
    assert_eq!(holes(&r, &after), [('N', 1), ('O', 3), ('P', 1), ('i', 1)]);
}

#[test]
fn a_namua_takasa_relays_and_never_captures() {
    let r = namua();
    // L (column 5) faces m and O (column 2) faces j, both empty: no
    // capture. N (column 3) is empty and faces k.
    let p = position(
        &r,
        &[('A', 1), ('C', 10), ('L', 2), ('O', 1), ('k', 1)],
        [3, 3],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["L<", "L>", "O<", "O>"]);
    // L>: 3 seeds into M N O; O relays 2 into P A; A relays 2 into B C;
    // C relays 11 into D..N, the last into N (now 2), which faces k: a
    // takasa takes nothing, so N relays 2 into O P; then P into A B, B
    // into C D, D into E F, F into G H, H into I J, J into K L, and L's 2
    // into M and the empty N, where the move ends.
    let after = play(&r, &p, "L>");
    assert_eq!(
        holes(&r, &after),
        [
            ('A', 1),
            ('C', 1),
            ('E', 2),
            ('G', 2),
            ('I', 2),
            ('K', 2),
            ('M', 3),
            ('N', 1),
            ('O', 1),
            ('k', 1)
        ]
    );
    assert_eq!(hands(&r, &after), [2, 3]);
}

#[test]
fn a_namua_capture_of_the_last_inner_seeds_wins_at_once() {
    let r = namua();
    // n is North's only inner seed: taking it ends the game; the taken
    // seeds stay in South's hand.
    let p = position(&r, &[('K', 1), ('n', 2)], [5, 5], Side::South);
    let after = play(&r, &p, "K>");
    assert_eq!(holes(&r, &after), [('K', 2)]);
    assert_eq!(hands(&r, &after), [4 + 2, 5]);
    assert_eq!(r.end_before_moves(&after), Some(EndReason::RowEmpty));
}

#[test]
fn the_mtaji_stage_begins_when_the_hand_is_empty() {
    let r = namua();
    // South's hand is empty: the moves of Bao la Kujifunza, from holes of
    // 2 seeds or more.
    let p = position(
        &r,
        &[('K', 1), ('L', 2), ('i', 1), ('n', 2)],
        [0, 5],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["L<", "L>"]);
}

/// A few random games from the start: seeds on the board and in the hands
/// stay 64, every position's moves are legal, and every game ends.
#[test]
fn random_games_keep_every_seed_and_end() {
    let r = namua();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..20 {
        let mut game = Game::new(r.clone());
        while !game.is_over() {
            let pos = game.position();
            let on_board: u32 = (0..r.holes()).map(|h| pos.seeds(h) as u32).sum();
            assert_eq!(on_board + hands(&r, pos).iter().sum::<u32>(), 64);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let n = game.legal_len();
            game.play_index((state % n as u64) as usize);
        }
        let end = game.position();
        let on_board: u32 = (0..r.holes()).map(|h| end.seeds(h) as u32).sum();
        assert_eq!(on_board + hands(&r, end).iter().sum::<u32>(), 64);
    }
}

#[test]
fn the_hand_keys_are_validated_naming_the_key() {
    let refused = |text: &str, key: &str, words: &str| {
        let base = Rules::builtin_source("bao-la-kujifunza").unwrap();
        let text = base.replace(
            "inner_row_empty_loses = true ",
            &format!("inner_row_empty_loses = true\n{text}\n# "),
        );
        let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
        assert!(e.reason.contains(words), "{e}");
    };
    refused("hand = 0", "rows.hand", "at least 1");
    refused("hand = 200", "rows.hand", "at most 255");
    refused("start_inner = [1, 2]", "rows.start_inner", "inner row of 8");
    refused(
        "start_inner = [0, 0, 0, 0, 0, 0, 0, 0]",
        "rows.start_inner",
        "some seeds",
    );
    let base = Rules::builtin_source("bao-la-kujifunza").unwrap();
    let text = base.replace("taken_sown_from = \"kichwa\" ", "# ").replace(
        "inner_row_empty_loses = true ",
        "inner_row_empty_loses = true\nhand = 4\n# ",
    );
    let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rows.hand"), "{e}");
    assert!(e.reason.contains("kichwa"), "{e}");
    // The hand is in the fingerprint.
    let plain = Rules::builtin("bao-la-kujifunza").unwrap();
    assert_ne!(plain.play_fingerprint(), namua().play_fingerprint());
}

// Bao la Kiswahili: the namua rules above with the nyumba (house), inner
// column 5: South's L (index 11), North's l (27).

fn kiswahili() -> Rules {
    Rules::builtin("bao-la-kiswahili").unwrap()
}

#[test]
fn bao_la_kiswahili_starts_with_its_houses_and_sows_them_last() {
    let r = kiswahili();
    let start = r.start();
    assert_eq!(
        holes(&r, &start),
        [('J', 2), ('K', 2), ('L', 6), ('j', 2), ('k', 2), ('l', 6)]
    );
    assert_eq!(hands(&r, &start), [22, 22]);
    // The houses are sown only when no other inner hole can be.
    assert_eq!(legal(&r, &start), ["J<", "J>", "K<", "K>"]);
    let text = r.position_to_text(&start);
    assert!(text.contains("houses=L,l"), "{text}");
    assert_eq!(r.position_from_text(&text).unwrap(), start);
    let state = mancala_core::State::of(&Game::new(r.clone()));
    assert_eq!(state.houses, Some(vec!["L".to_string(), "l".to_string()]));
    assert_eq!(state.holes, None);
}

#[test]
fn a_lone_house_is_taxed_two_seeds() {
    let r = kiswahili();
    // L, South's house, is the only occupied inner hole; it faces m, empty.
    let p = position(&r, &[('L', 6), ('i', 1)], [5, 5], Side::South);
    assert_eq!(r.houses(&p), 1 << 11);
    assert_eq!(legal(&r, &p), ["L<", "L>"]);
    // L>: 7 with the seed from hand; only 2 are lifted, into M and N.
    let after = play(&r, &p, "L>");
    assert_eq!(holes(&r, &after), [('L', 5), ('M', 1), ('N', 1), ('i', 1)]);
    assert_eq!(r.houses(&after), 1 << 11);
}

#[test]
fn a_lap_ending_in_the_house_ends_the_move() {
    let r = kiswahili();
    // J>: J's 2 (with the seed from hand) into K and L, the house, where
    // the move ends instead of relaying L's 7.
    let p = position(&r, &[('J', 1), ('L', 6), ('i', 1)], [5, 5], Side::South);
    assert_eq!(legal(&r, &p), ["J<", "J>"]);
    let after = play(&r, &p, "J>");
    assert_eq!(holes(&r, &after), [('K', 1), ('L', 7), ('i', 1)]);
    // Without the house, L relays: M N O P A B C.
    let text = r.position_to_text(&p).replace("houses=L", "houses=");
    let plain = r.position_from_text(&text).unwrap();
    let e = r
        .position_from_text(&text.replace("houses=", "houses=l"))
        .unwrap_err();
    assert!(e.contains("only while it holds seeds"), "{e}");
    assert_eq!(r.houses(&plain), 0);
    let after = play(&r, &plain, "J>");
    assert_eq!(
        holes(&r, &after),
        [
            ('A', 1),
            ('B', 1),
            ('C', 1),
            ('K', 1),
            ('M', 1),
            ('N', 1),
            ('O', 1),
            ('P', 1),
            ('i', 1)
        ]
    );
    // The house serves only while seeds are in hand: the last one ends it.
    let last = position(&r, &[('J', 1), ('L', 6), ('i', 1)], [1, 5], Side::South);
    assert_eq!(r.houses(&play(&r, &last, "J>")), 0);
}

#[test]
fn a_house_taken_is_a_house_no_more() {
    let r = kiswahili();
    // North puts a seed into m, which faces L: L's 6 are taken and sown
    // from North's right kichwa i: i j k l m n.
    let p = position(&r, &[('J', 1), ('L', 6), ('m', 1)], [5, 5], Side::North);
    assert_eq!(r.houses(&p), 1 << 11);
    assert_eq!(legal(&r, &p), ["m<", "m>"]);
    let after = play(&r, &p, "m>");
    assert_eq!(
        holes(&r, &after),
        [
            ('J', 1),
            ('i', 1),
            ('j', 1),
            ('k', 1),
            ('l', 1),
            ('m', 3),
            ('n', 1)
        ]
    );
    assert_eq!(r.houses(&after), 0);
}

#[test]
fn the_nyumba_key_is_validated_naming_the_key() {
    let base = Rules::builtin_source("bao-la-kiswahili").unwrap();
    for (from, to, words) in [
        ("nyumba = 5 ", "nyumba = 9 ", "1 to 8"),
        ("hand = 22 ", "# ", "rows.hand"),
    ] {
        let text = base.replace(from, to);
        let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("rows.nyumba"), "{e}");
        assert!(e.reason.contains(words), "{e}");
    }
    assert_ne!(kiswahili().play_fingerprint(), namua().play_fingerprint());
}
