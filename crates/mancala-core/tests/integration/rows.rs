//! Four-row boards (`board.rows = 4`, `[rows]`): each mechanism of Bao la
//! Kujifunza on a hand-built position worked out in the comments, and the
//! rule files, labels and board text of four rows.
//!
//! South's ring on the 4x8 board: outer row A-H (index 0-7, columns 1-8
//! from South's left), inner row I-P (index 8-15: I is inner column 8, the
//! right kichwa, P inner column 1, the left kichwa). North's ring a-p
//! (16-31) the same from North's seat. South's inner hole at index `i`
//! faces North's at `39 - i` (P faces i, O faces j, ..., I faces p).

use mancala_core::notation::move_label;
use mancala_core::{EndReason, Game, Position, Rules, Side, settle};

fn bao() -> Rules {
    Rules::builtin("bao-la-kujifunza").unwrap()
}

/// A position of Bao from `(label, seeds)` pairs, the other holes empty.
fn position(r: &Rules, holes: &[(char, u8)], to_move: Side) -> Position {
    let mut board = vec![0u8; r.holes()];
    for &(label, seeds) in holes {
        let index = match label {
            'A'..='Z' => label as usize - 'A' as usize,
            _ => r.holes_per_side() + label as usize - 'a' as usize,
        };
        board[index] = seeds;
    }
    r.position(&board, [0, 0], to_move, 10).unwrap()
}

fn legal(r: &Rules, p: &Position) -> Vec<String> {
    let mut labels: Vec<String> = r.legal_moves(p).iter().map(|m| move_label(r, m)).collect();
    labels.sort();
    labels
}

/// The non-empty holes of `p` as `(label, seeds)`, in index order.
fn holes(r: &Rules, p: &Position) -> Vec<(char, u8)> {
    (0..r.holes())
        .filter(|&h| p.seeds(h) > 0)
        .map(|h| {
            let label = mancala_core::notation::hole_label(r.holes_per_side(), h);
            (label, p.seeds(h))
        })
        .collect()
}

fn play(r: &Rules, p: &Position, label: &str) -> Position {
    let mv = mancala_core::notation::parse_move(r, label).unwrap();
    r.play(p, mv).unwrap()
}

fn sorted(labels: &str) -> Vec<String> {
    let mut v: Vec<String> = labels.split(' ').map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn the_start_has_the_sixteen_capturing_moves_of_the_spec() {
    let r = bao();
    assert_eq!((r.rows(), r.holes_per_row(), r.holes()), (4, 8, 32));
    assert_eq!(r.total_seeds(), 64);
    assert_eq!(
        legal(&r, &r.start()),
        sorted("A< B< G> H> I> J> K< K> L< L> M< M> N< N> O< P<")
    );
}

#[test]
fn a_capture_in_the_left_kimbi_is_sown_clockwise_from_the_left_kichwa() {
    let r = bao();
    // M> sows N, O: O held 1, and j facing it holds 3: a capture (M< ends
    // in the empty K). The 3 seeds go P, O, N from the left kichwa P,
    // clockwise; N then holds 2 and k facing it nothing: N relays
    // clockwise into M and L, and L was empty.
    let p = position(
        &r,
        &[('M', 2), ('O', 1), ('a', 2), ('j', 3), ('p', 1)],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["M>"]);
    let after = play(&r, &p, "M>");
    assert_eq!(
        holes(&r, &after),
        [('L', 1), ('M', 1), ('O', 3), ('P', 1), ('a', 2), ('p', 1)]
    );
    assert_eq!(after.to_move(), Side::North);
    assert_eq!(r.end_before_moves(&after), None);
}

#[test]
fn a_capture_in_the_right_kimbi_is_sown_counter_clockwise_from_the_right_kichwa() {
    let r = bao();
    // L< sows K, J: J held 1, and o facing it holds 2: a capture. The 2
    // seeds go I, J from the right kichwa I, counter-clockwise; J then
    // holds 3 and o is empty: J relays into K, L, M, and M was empty.
    let p = position(
        &r,
        &[('L', 2), ('J', 1), ('a', 2), ('o', 2), ('p', 1)],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["L<"]);
    let after = play(&r, &p, "L<");
    assert_eq!(
        holes(&r, &after),
        [('I', 1), ('K', 2), ('L', 1), ('M', 1), ('a', 2), ('p', 1)]
    );
}

#[test]
fn a_capture_in_the_middle_is_sown_the_way_the_move_goes() {
    let r = bao();
    // Counter-clockwise, K> sows L, M; M (column 4) held 1, l facing it
    // holds 2: sown from the right kichwa I counter-clockwise, I and J,
    // and J was empty.
    let p = position(
        &r,
        &[('K', 2), ('M', 1), ('a', 2), ('l', 2), ('p', 1)],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["K>"]);
    let after = play(&r, &p, "K>");
    assert_eq!(
        holes(&r, &after),
        [('I', 1), ('J', 1), ('L', 1), ('M', 2), ('a', 2), ('p', 1)]
    );
    // Clockwise, O< sows N, M: the same capture, sown from the left kichwa
    // P clockwise, P and O, and O (lifted) was empty.
    let p = position(
        &r,
        &[('O', 2), ('M', 1), ('a', 2), ('l', 2), ('p', 1)],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["O<"]);
    let after = play(&r, &p, "O<");
    assert_eq!(
        holes(&r, &after),
        [('M', 2), ('N', 1), ('O', 1), ('P', 1), ('a', 2), ('p', 1)]
    );
}

#[test]
fn a_move_that_does_not_start_with_a_capture_never_captures() {
    let r = bao();
    // No first lap captures (K> ends in M facing the empty l, K< in the
    // empty I), so K is played either way, and not C (takasa from the
    // inner row). K> relays from M into N, O; O faces j's 3 seeds, but a
    // takasa move never captures: O relays into P, A, and A was empty.
    let p = position(
        &r,
        &[('C', 3), ('K', 2), ('M', 1), ('O', 1), ('a', 2), ('j', 3)],
        Side::South,
    );
    assert_eq!(legal(&r, &p), ["K<", "K>"]);
    let after = play(&r, &p, "K>");
    assert_eq!(
        holes(&r, &after),
        [
            ('A', 1),
            ('C', 3),
            ('L', 1),
            ('N', 1),
            ('P', 1),
            ('a', 2),
            ('j', 3)
        ]
    );
}

#[test]
fn takasa_comes_from_the_outer_row_only_when_the_inner_row_cannot_be_played() {
    let r = bao();
    // The inner row holds single seeds only: C is played, both ways.
    let p = position(&r, &[('C', 3), ('K', 1), ('a', 2), ('j', 3)], Side::South);
    assert_eq!(legal(&r, &p), ["C<", "C>"]);
}

#[test]
fn a_lone_kichwa_is_not_sown_towards_the_outer_row() {
    let r = bao();
    // P, the left kichwa, is South's only occupied inner hole: P> would
    // sow into A, so only P< (into O, N) is played.
    let p = position(&r, &[('C', 2), ('P', 2), ('a', 2), ('j', 3)], Side::South);
    assert_eq!(legal(&r, &p), ["P<"]);
}

#[test]
fn emptying_the_opponents_inner_row_wins_at_once() {
    let r = bao();
    // M> captures j, North's last inner seeds: the game ends before the
    // seeds are sown, so they are not on the board.
    let p = position(&r, &[('M', 2), ('O', 1), ('a', 2), ('j', 3)], Side::South);
    let after = play(&r, &p, "M>");
    assert_eq!(holes(&r, &after), [('N', 1), ('O', 2), ('a', 2)]);
    assert_eq!(r.end_before_moves(&after), Some(EndReason::RowEmpty));
    let outcome = settle(&r, &after, EndReason::RowEmpty);
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn a_player_without_a_move_loses() {
    let r = bao();
    // South's seeds are all single: no hole can be played.
    let p = position(&r, &[('A', 1), ('K', 1), ('a', 2), ('j', 3)], Side::South);
    let game = Game::from_position(r.clone(), p);
    let outcome = game.outcome().expect("South cannot move");
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.winner, Some(Side::North));
}

#[test]
fn moves_name_their_direction_and_their_ring() {
    let mut game = Game::new(bao());
    let err = game.play_label("K").unwrap_err().to_string();
    assert!(err.contains("write K> or K<"), "{err}");
    assert!(err.contains("at ply 1") && err.contains("A<"), "{err}");
    let err = game.play_label("k>").unwrap_err().to_string();
    assert!(
        err.contains("not in South's ring: South plays A-P"),
        "{err}"
    );
    let err = game.play_label("Q>").unwrap_err().to_string();
    assert!(err.contains("no hole is labelled 'Q'"), "{err}");
    game.play_label("K>").unwrap();
    assert_eq!(game.position().to_move(), Side::North);
}

#[test]
fn the_board_is_drawn_in_four_rows_with_south_at_the_bottom() {
    let r = bao();
    let text = r.board_diagram(&r.start());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    assert_eq!(lines[0].split_whitespace().collect::<String>(), "hgfedcba");
    assert_eq!(lines[3].split_whitespace().collect::<String>(), "ijklmnop");
    assert_eq!(lines[4].split_whitespace().collect::<String>(), "PONMLKJI");
    assert_eq!(lines[7].split_whitespace().collect::<String>(), "ABCDEFGH");
    assert_eq!(lines[1].split_whitespace().count(), 8);
    // A position written as text reads back.
    let after = play(&r, &r.start(), "K>");
    let back = r.position_from_text(&r.position_to_text(&after)).unwrap();
    assert_eq!(back.raw_board(), after.raw_board());
}

/// A rule file of four rows, with `extra` appended.
fn four_rows(extra: &str) -> Result<Rules, mancala_core::RuleError> {
    let text = format!(
        "name = \"T\"\n[board]\nrows = 4\nholes_per_row = 4\nseeds_per_hole = 2\n\
         [sowing]\nstart = \"next\"\nlaps = \"relay\"\ndirection = \"chosen\"\n\
         [end]\nresult = \"deprivation\"\nstuck = \"loss\"\n{extra}"
    );
    Rules::from_toml("t", &text, "t.toml")
}

fn refused(extra: &str, key: &str, words: &str) {
    let e = four_rows(extra).unwrap_err();
    assert_eq!(e.key.as_deref(), Some(key), "{e}");
    assert!(e.reason.contains(words), "{e}");
}

#[test]
fn four_row_rule_files_are_validated_naming_the_key() {
    assert!(four_rows("").is_ok());
    assert!(four_rows("[rows]\ncapture = \"facing\"\ntaken_sown_from = \"kichwa\"\n").is_ok());
    // Three rows halve the middle row between the players: an odd row is refused.
    let three = "name = \"T\"\n[board]\nrows = 3\nholes_per_row = 5\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n";
    let e = Rules::from_toml("t", three, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("board.rows"), "{e}");
    assert!(e.reason.contains("must be even"), "{e}");
    let wide = "name = \"T\"\n[board]\nrows = 4\nholes_per_row = 9\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n";
    let e = Rules::from_toml("t", wide, "t.toml").unwrap_err();
    assert!(e.reason.contains("36 holes"), "{e}");
    let two_rows = "name = \"T\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n[rows]\ncapture = \"facing\"\n";
    let e = Rules::from_toml("t", two_rows, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rows"), "{e}");
    assert!(e.to_string().starts_with("t.toml"), "{e}");
    refused(
        "[moves]\nmust_feed = true\n",
        "moves.must_feed",
        "two-row key",
    );
    refused("[capture]\nrule = \"opposite\"\n", "capture.rule", "[rows]");
    refused(
        "[rows]\ncompulsory_capture = true\n",
        "rows.compulsory_capture",
        "rows.capture",
    );
    refused(
        "[rows]\nfirst_lap_decides = true\n",
        "rows.first_lap_decides",
        "rows.capture",
    );
    refused(
        "[rows]\ncapture = \"facing\"\ncapture_start_max = 0\n",
        "rows.capture_start_max",
        "at least 1",
    );
    refused("[rows]\nfacing = true\n", "rows.facing", "unknown field");
    let stores = four_rows("").unwrap().spec().clone();
    let mut stores = stores;
    stores.board.stores = true;
    let e = Rules::compile("t", stores).unwrap_err();
    assert_eq!(e.key, "board.stores");
    let text = Rules::builtin_source("bao-la-kujifunza")
        .unwrap()
        .replace("result = \"deprivation\"", "result = \"seeds\"")
        .replace("stuck = \"loss\"", "");
    let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("end.result"), "{e}");
}

#[test]
fn four_row_fingerprints_say_what_the_rows_do() {
    let base = four_rows("[rows]\ncapture = \"facing\"\n").unwrap();
    for extra in [
        "taken_sown_from = \"kichwa\"\n",
        "capture_start_max = 7\n",
        "compulsory_capture = true\n",
        "first_lap_decides = true\n",
        "non_capturing_from_inner = true\n",
        "lone_kichwa_inward = true\n",
        "inner_row_empty_loses = true\n",
    ] {
        let other = four_rows(&format!("[rows]\ncapture = \"facing\"\n{extra}")).unwrap();
        assert_ne!(base.play_fingerprint(), other.play_fingerprint(), "{extra}");
    }
    assert_ne!(
        base.play_fingerprint(),
        four_rows("").unwrap().play_fingerprint()
    );
}

// Tsoro and its kin: captures from an empty inner hole. On the 4x8 board
// South's inner hole I (index 8) faces North's p (31), and North's outer
// hole behind p is a (16).

fn tsoro() -> Rules {
    Rules::builtin("tsoro").unwrap()
}

fn tsoro_text() -> String {
    Rules::builtin_source("tsoro").unwrap().to_string()
}

#[test]
fn tsoro_starts_with_the_outer_rows_full() {
    let r = tsoro();
    let start = r.start();
    let full: Vec<(char, u8)> = "ABCDEFGHabcdefgh".chars().map(|c| (c, 2)).collect();
    assert_eq!(holes(&r, &start), full);
    assert_eq!(r.total_seeds(), 32);
    assert_eq!(legal(&r, &start), sorted("A B C D E F G H"));
}

#[test]
fn an_empty_inner_hole_takes_the_facing_hole_and_the_one_behind_out_of_play() {
    let r = tsoro();
    // H's single seed falls into the empty inner hole I: p (3) and a (2)
    // behind it leave the game.
    let p = position(&r, &[('H', 1), ('p', 3), ('a', 2), ('b', 1)], Side::South);
    let after = play(&r, &p, "H");
    assert_eq!(holes(&r, &after), [('I', 1), ('b', 1)]);
    assert_eq!(after.captured(Side::South), 0);
    assert_eq!(after.removed(Side::South), 5);
    // The outer hole is taken only after the inner one.
    let p = position(&r, &[('H', 1), ('a', 2)], Side::South);
    assert_eq!(holes(&r, &play(&r, &p, "H")), [('I', 1), ('a', 2)]);
    // Bao Ki Arabu (Zanzibar 1) takes each of the two that holds seeds,
    // and keeps them.
    let z1 = Rules::builtin("bao-ki-arabu-zanzibar-1").unwrap();
    let p = position(&z1, &[('H', 1), ('a', 2), ('b', 1)], Side::South);
    let after = play(&z1, &p, "H>");
    assert_eq!(holes(&z1, &after), [('I', 1), ('b', 1)]);
    assert_eq!(after.captured(Side::South), 2);
}

#[test]
fn relays_stop_in_an_empty_hole_and_single_laps_anywhere() {
    let r = tsoro();
    // G's two seeds: H, then I (holding 1) relays its 2 into J and K.
    let p = position(&r, &[('G', 2), ('I', 1), ('d', 1)], Side::South);
    assert_eq!(
        holes(&r, &play(&r, &p, "G")),
        [('H', 1), ('J', 1), ('K', 1), ('d', 1)]
    );
    // Hawalis sows one lap: its 7x4 ring is A-N, and a lap ending in an
    // occupied hole ends there.
    let h = Rules::builtin("hawalis").unwrap();
    let p = position(&h, &[('F', 2), ('H', 1), ('d', 1)], Side::South);
    assert_eq!(
        holes(&h, &play(&h, &p, "F")),
        [('G', 1), ('H', 2), ('d', 1)]
    );
}

#[test]
fn singles_go_last_and_only_into_an_empty_hole() {
    let r = tsoro();
    let p = position(&r, &[('A', 2), ('B', 1), ('d', 1)], Side::South);
    assert_eq!(legal(&r, &p), ["A"]);
    // A is followed by the occupied B; B and D are followed by empty holes.
    let p = position(&r, &[('A', 1), ('B', 1), ('D', 1), ('d', 1)], Side::South);
    assert_eq!(legal(&r, &p), sorted("B D"));
}

#[test]
fn reentered_captures_are_sown_on_from_the_capturing_hole() {
    // Tsoro (Reentered Captures) is not built in: nothing leaves its
    // board, and random games run to the ply limit.
    let text = Rules::builtin_source("tsoro").unwrap().replace(
        "taken_out_of_play = true",
        "taken_sown_from = \"capturing-hole\"",
    );
    let r = Rules::from_toml("tsoro-reentered-captures", &text, "t.toml").unwrap();
    // p (3) and a (2) are taken at I and sown into J, K, L, M and N; the
    // move ends there although N was occupied.
    let p = position(
        &r,
        &[('H', 1), ('N', 1), ('p', 3), ('a', 2), ('b', 1)],
        Side::South,
    );
    let after = play(&r, &p, "H");
    assert_eq!(
        holes(&r, &after),
        [
            ('I', 1),
            ('J', 1),
            ('K', 1),
            ('L', 1),
            ('M', 1),
            ('N', 2),
            ('b', 1)
        ]
    );
    assert_eq!(after.removed(Side::South) + after.captured(Side::South), 0);
}

#[test]
fn muvalavala_opens_from_the_inner_row() {
    let r = Rules::builtin("muvalavala-luena").unwrap();
    // Rows of six: South's ring A-L, its inner row G-L.
    let start = r.start();
    assert_eq!(legal(&r, &start), sorted("G H I J K L"));
    // North's first move too; then South may play from the outer row.
    let after = play(&r, &start, "G");
    let north = legal(&r, &after);
    assert!(
        !north.is_empty() && north.iter().all(|m| "ghijkl".contains(m.as_str())),
        "{north:?}"
    );
    let after = play(&r, &after, &north[0]);
    let south = legal(&r, &after);
    assert!(
        south.iter().any(|m| "ABCDEF".contains(m.as_str())),
        "{south:?}"
    );
}

#[test]
fn tsoro_rule_keys_are_validated_naming_the_key() {
    assert!(four_rows("[rows]\ncapture = \"facing-from-empty\"\ncapture_behind = \"each\"\nsingles_last = true\n").is_ok());
    refused(
        "[rows]\ncapture_behind = \"each\"\n",
        "rows.capture_behind",
        "rows.capture",
    );
    refused(
        "[rows]\ntaken_out_of_play = true\n",
        "rows.taken_out_of_play",
        "rows.capture",
    );
    refused(
        "[rows]\ncapture = \"facing\"\ntaken_sown_from = \"kichwa\"\ntaken_out_of_play = true\n",
        "rows.taken_out_of_play",
        "stay in play",
    );
    refused(
        "[rows]\ncapture = \"facing-from-empty\"\ncompulsory_capture = true\n",
        "rows.compulsory_capture",
        "occupied hole",
    );
    refused(
        "[rows]\ncapture = \"facing\"\ntaken_sown_from = \"capturing-hole\"\n",
        "rows.taken_sown_from",
        "facing-from-empty",
    );
    refused(
        "[rows]\ncapture_behind = \"both\"\n",
        "rows.capture_behind",
        "unknown variant",
    );
    // Rules of captures in an occupied hole, and those of both holes,
    // refused with captures from an empty one.
    for (extra, key) in [
        ("taken_sown_from = \"lap-first\"\n", "rows.taken_sown_from"),
        (
            "clockwise_capture_holes = [1]\n",
            "rows.clockwise_capture_holes",
        ),
        (
            "taken_sown_from = \"capturing-hole\"\ncapture_ends_move = true\n",
            "rows.capture_ends_move",
        ),
    ] {
        refused(
            &format!("[rows]\ncapture = \"facing-from-empty\"\n{extra}"),
            key,
            "",
        );
    }
    refused(
        "[rows]\ncapture = \"both\"\ncapture_behind = \"each\"\n",
        "rows.capture_behind",
        "already takes",
    );
    let text = tsoro_text().replace("min_seeds = 1", "min_seeds = 2");
    let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rows.singles_last"), "{e}");
    let two_rows = "name = \"T\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nlayout = \"outer-rows\"\n[sowing]\nstart = \"next\"\n";
    let e = Rules::from_toml("t", two_rows, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("board.layout"), "{e}");
    assert!(e.reason.contains("four-row"), "{e}");
}

#[test]
fn tsoro_fingerprints_say_what_the_captures_do() {
    let base = four_rows("[rows]\ncapture = \"facing-from-empty\"\n").unwrap();
    assert_ne!(
        base.play_fingerprint(),
        four_rows("[rows]\ncapture = \"facing\"\n")
            .unwrap()
            .play_fingerprint()
    );
    for extra in [
        "capture_behind = \"after-inner\"\n",
        "capture_behind = \"each\"\n",
        "taken_out_of_play = true\n",
        "taken_sown_from = \"capturing-hole\"\n",
        "singles_last = true\n",
        "first_move_from_inner = true\n",
    ] {
        let other =
            four_rows(&format!("[rows]\ncapture = \"facing-from-empty\"\n{extra}")).unwrap();
        assert_ne!(base.play_fingerprint(), other.play_fingerprint(), "{extra}");
    }
    let a =
        four_rows("[rows]\ncapture = \"facing-from-empty\"\ncapture_behind = \"after-inner\"\n")
            .unwrap();
    let b =
        four_rows("[rows]\ncapture = \"facing-from-empty\"\ncapture_behind = \"each\"\n").unwrap();
    assert_ne!(a.play_fingerprint(), b.play_fingerprint());
}

fn nsumbi() -> Rules {
    Rules::builtin("nsumbi").unwrap()
}

#[test]
fn both_opposite_holes_are_taken_and_sown_from_the_laps_origin() {
    // Nsumbi. G (3) sows H I J; J held a seed, and both North holes
    // opposite it (o inner, b outer) hold seeds: their 5 are sown from G
    // itself (G H I J K), and the move ends there.
    let r = nsumbi();
    let p = position(
        &r,
        &[('G', 3), ('J', 1), ('o', 2), ('b', 3), ('a', 2)],
        Side::South,
    );
    let after = play(&r, &p, "G");
    assert_eq!(
        holes(&r, &after),
        vec![('G', 1), ('H', 2), ('I', 2), ('J', 3), ('K', 1), ('a', 2)]
    );
    assert_eq!(after.to_move(), Side::North);
}

#[test]
fn one_empty_opposite_hole_makes_a_relay_not_a_capture() {
    // As above with b empty: J's 2 seeds are lifted and sown into K and L.
    let r = nsumbi();
    let p = position(&r, &[('G', 3), ('J', 1), ('o', 2), ('a', 2)], Side::South);
    let after = play(&r, &p, "G");
    assert_eq!(
        holes(&r, &after),
        vec![('H', 1), ('I', 1), ('K', 1), ('L', 1), ('a', 2), ('o', 2)]
    );
}

#[test]
fn each_players_first_move_is_a_single_lap() {
    // Nsumbi's start: A (2) sows B and C, which held seeds, and stops.
    let r = nsumbi();
    let start = r.start();
    assert_eq!(r.legal_moves(&start).len(), 16);
    let after = play(&r, &start, "A");
    assert_eq!(
        (
            after.seeds(0),
            after.seeds(1),
            after.seeds(2),
            after.seeds(3)
        ),
        (0, 3, 3, 2)
    );
    // North's first move is a single lap too; South's second relays: B
    // (3) ends in E, which held seeds, and E is lifted and sown on.
    let north = play(&r, &after, "a");
    assert_eq!(
        (north.seeds(16), north.seeds(17), north.seeds(18)),
        (0, 3, 3)
    );
    let second = play(&r, &north, "B");
    let one_lap = [0, 4, 3, 3, 2];
    assert_ne!([1, 2, 3, 4, 5].map(|h| second.seeds(h)), one_lap);
    assert_eq!(second.seeds_on_board(), 64);
}

#[test]
fn the_new_row_keys_are_validated_naming_the_key() {
    assert!(four_rows("[rows]\ncapture = \"both\"\ntaken_sown_from = \"lap-first\"\nclockwise_capture_holes = [1, 8]\n").is_ok());
    refused(
        "[rows]\ncapture = \"both\"\ncapture_ends_move = true\n",
        "rows.capture_ends_move",
        "lap-origin",
    );
    refused(
        "[rows]\ncapture_ends_move = true\n",
        "rows.capture_ends_move",
        "rows.capture",
    );
    refused(
        "[rows]\nclockwise_capture_holes = [1]\n",
        "rows.clockwise_capture_holes",
        "rows.capture",
    );
    for bad in ["0", "9"] {
        refused(
            &format!("[rows]\ncapture = \"both\"\nclockwise_capture_holes = [{bad}]\n"),
            "rows.clockwise_capture_holes",
            "positions 1 to 8",
        );
    }
    let text = Rules::builtin_source("nsumbi").unwrap().replace(
        "first_move_single_lap = true",
        "clockwise_capture_holes = [1, 2]",
    );
    let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
    assert_eq!(
        e.key.as_deref(),
        Some("rows.clockwise_capture_holes"),
        "{e}"
    );
    assert!(e.reason.contains("sowing.direction = \"chosen\""), "{e}");
}

#[test]
fn the_both_holes_keys_change_the_fingerprint() {
    let base = four_rows("[rows]\ncapture = \"facing\"\n").unwrap();
    let both = four_rows("[rows]\ncapture = \"both\"\n").unwrap();
    assert_ne!(base.play_fingerprint(), both.play_fingerprint());
    let mut seen = vec![both.play_fingerprint()];
    for extra in [
        "taken_sown_from = \"lap-origin\"\n",
        "taken_sown_from = \"lap-first\"\n",
        "taken_sown_from = \"lap-first\"\ncapture_ends_move = true\n",
        "first_move_single_lap = true\n",
        "clockwise_capture_holes = [1]\n",
        "clockwise_capture_holes = [2]\n",
    ] {
        let other = four_rows(&format!("[rows]\ncapture = \"both\"\n{extra}")).unwrap();
        assert!(!seen.contains(&other.play_fingerprint()), "{extra}");
        seen.push(other.play_fingerprint());
    }
}

#[test]
fn omweso_sows_clockwise_only_from_its_left_holes_and_only_to_capture() {
    // A (2) clockwise sows P and O; O held a seed and North's j (facing)
    // and g (behind it) hold seeds: both are taken and sown on from P,
    // which received the lap's first seed (P O). O, now 3, is lifted and
    // sown on clockwise into N M L, and L was empty.
    let r = Rules::builtin("omweso").unwrap();
    let p = position(
        &r,
        &[('A', 2), ('O', 1), ('j', 1), ('g', 1), ('a', 2), ('C', 2)],
        Side::South,
    );
    // A> and C> are plain counter-clockwise sowings; A< captures; C is
    // not a left hole and may not go clockwise.
    assert_eq!(legal(&r, &p), sorted("A< A> C>"));
    let after = play(&r, &p, "A<");
    assert_eq!(
        holes(&r, &after),
        vec![('C', 2), ('L', 1), ('M', 1), ('N', 1), ('P', 2), ('a', 2)]
    );
    // Without the capture, A may not be sown clockwise.
    let quiet = position(&r, &[('A', 2), ('O', 1), ('j', 1), ('a', 2)], Side::South);
    assert_eq!(legal(&r, &quiet), sorted("A>"));
}

#[test]
fn omweso_starts_with_four_seeds_in_every_outer_hole() {
    let r = Rules::builtin("omweso").unwrap();
    let start = r.start();
    let outer: Vec<usize> = (0..8).chain(16..24).collect();
    for h in 0..32 {
        assert_eq!(
            start.seeds(h),
            if outer.contains(&h) { 4 } else { 0 },
            "hole {h}"
        );
    }
    assert_eq!(r.total_seeds(), 64);
    assert_eq!(legal(&r, &start), sorted("A> B> C> D> E> F> G> H>"));
    let two = "name = \"T\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nlayout = \"outer-rows\"\n[sowing]\nstart = \"next\"\n";
    let e = Rules::from_toml("t", two, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("board.layout"), "{e}");
}

fn additional() -> Rules {
    Rules::builtin("tsoro-additional-capture").unwrap()
}

#[test]
fn a_capture_earns_holes_of_the_captors_choice_one_move_each() {
    let r = additional();
    // H's single seed falls into the empty inner hole I: p (3) and a (2)
    // behind it leave the game, and South then takes three holes of
    // North's of their choice, one move each, before North moves.
    let p = position(
        &r,
        &[
            ('H', 1),
            ('p', 3),
            ('a', 2),
            ('b', 1),
            ('c', 4),
            ('d', 2),
            ('e', 1),
        ],
        Side::South,
    );
    let after = play(&r, &p, "H");
    assert_eq!(after.to_move(), Side::South);
    assert_eq!(r.takes_pending(&after), 3);
    assert_eq!(after.removed(Side::South), 5);
    assert_eq!(legal(&r, &after), sorted("+b +c +d +e"));
    let text = r.position_to_text(&after);
    assert!(text.contains(" takes=3"), "{text}");
    assert_eq!(r.position_from_text(&text).unwrap(), after);
    let one = play(&r, &after, "+c");
    assert_eq!((one.to_move(), r.takes_pending(&one)), (Side::South, 2));
    assert_eq!(one.removed(Side::South), 9);
    assert_eq!(legal(&r, &one), sorted("+b +d +e"));
    let two = play(&r, &one, "+e");
    let three = play(&r, &two, "+b");
    // The third take ends the move: North, with d's two seeds, moves.
    assert_eq!((three.to_move(), r.takes_pending(&three)), (Side::North, 0));
    assert_eq!(holes(&r, &three), [('I', 1), ('d', 2)]);
    assert_eq!(three.removed(Side::South), 11);
    assert_eq!(three.ply(), p.ply() + 4);
    // Fewer holes than the takes: the move ends when North has no seeds,
    // and North, left without a move, has lost.
    let p = position(&r, &[('H', 1), ('p', 3), ('b', 1)], Side::South);
    let after = play(&r, &p, "H");
    assert_eq!(legal(&r, &after), ["+b"]);
    let last = play(&r, &after, "+b");
    assert_eq!((last.to_move(), r.takes_pending(&last)), (Side::North, 0));
    let mut game = Game::from_position(r.clone(), p);
    for mv in ["H", "+b"] {
        game.play(mancala_core::notation::parse_move(&r, mv).unwrap())
            .unwrap();
    }
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(Side::South)));
}

#[test]
fn a_take_is_traced_and_written_with_its_capture() {
    let r = additional();
    let p = position(
        &r,
        &[
            ('H', 1),
            ('p', 3),
            ('a', 2),
            ('b', 1),
            ('c', 4),
            ('d', 2),
            ('e', 1),
        ],
        Side::South,
    );
    let after = play(&r, &p, "H");
    let take = mancala_core::notation::parse_move(&r, "+c").unwrap();
    let (child, trace) = r.play_traced(&after, take).unwrap();
    assert_eq!(child, play(&r, &after, "+c"));
    assert!(trace.extra_turn);
    let replayed = trace.replay(&r, &after).unwrap();
    assert_eq!(replayed.board, child.raw_board()[..r.holes()]);
    // A record may join a sowing and its takes: `H+c+e+b` is four moves.
    let moves = mancala_core::notation::parse_record(&r, "H+c+e+b").unwrap();
    assert_eq!(
        moves.iter().map(|&m| move_label(&r, m)).collect::<Vec<_>>(),
        ["H", "+c", "+e", "+b"]
    );
    let e = mancala_core::notation::parse_move(&r, "+").unwrap_err();
    assert!(e.contains("hole label"), "{e}");
    let e = mancala_core::notation::parse_move(&r, "+Z").unwrap_err();
    assert!(e.contains("hole label"), "{e}");
}

#[test]
fn a_missing_or_illegal_take_is_refused_saying_why() {
    let r = additional();
    let p = position(
        &r,
        &[('H', 1), ('G', 3), ('p', 3), ('a', 2), ('b', 1), ('c', 4)],
        Side::South,
    );
    let mut game = Game::from_position(r.clone(), p);
    let mv = |label: &str| mancala_core::notation::parse_move(&r, label).unwrap();
    // No capture yet: nothing to take.
    let e = game.play(mv("+b")).unwrap_err().to_string();
    assert!(e.contains("no capture has earned"), "{e}");
    let p = position(&r, &[('H', 1), ('p', 3), ('b', 1), ('c', 4)], Side::South);
    let mut game = Game::from_position(r.clone(), p);
    game.play(mv("H")).unwrap();
    // A sowing where a hole must be taken.
    let e = game.play(mv("G")).unwrap_err().to_string();
    assert!(e.contains("takes 3 more hole(s) of North's first"), "{e}");
    assert!(e.contains("+b +c"), "{e}");
    // One's own hole, and an empty hole of the opponent's.
    let e = game.play(mv("+I")).unwrap_err().to_string();
    assert!(e.contains("the holes taken are North's"), "{e}");
    let e = game.play(mv("+a")).unwrap_err().to_string();
    assert!(e.contains("holds no seeds"), "{e}");
    // A position text whose takes the rules do not give.
    let e = r
        .position_from_text(
            "board=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 takes=4",
        )
        .unwrap_err();
    assert!(e.contains("takes: 4"), "{e}");
    let e = tsoro()
        .position_from_text(
            "board=1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0 takes=1",
        )
        .unwrap_err();
    assert!(e.contains("takes: 1"), "{e}");
}

#[test]
fn tshuba_takes_a_chosen_hole_after_every_lap_into_an_empty_inner_hole() {
    let r = Rules::builtin("tshuba").unwrap();
    assert_eq!(r.total_seeds(), 32);
    // The 4x4 ring: A-D outer, E-H inner (E faces h, with a behind it).
    // D's single seed falls into the empty E, facing an empty h with an
    // empty a behind: nothing is taken, yet South takes a hole of North's.
    let p = position(&r, &[('D', 1), ('b', 2), ('c', 1)], Side::South);
    let after = play(&r, &p, "D");
    assert_eq!(after.to_move(), Side::South);
    assert_eq!(legal(&r, &after), sorted("+b +c"));
    let next = play(&r, &after, "+b");
    assert_eq!(next.to_move(), Side::North);
    assert_eq!(holes(&r, &next), [('E', 1), ('c', 1)]);
    // The outer hole behind is taken though the facing inner one is empty.
    let p = position(&r, &[('D', 1), ('a', 2), ('b', 1)], Side::South);
    let after = play(&r, &p, "D");
    assert_eq!(holes(&r, &after), [('E', 1), ('b', 1)]);
    assert_eq!(legal(&r, &after), ["+b"]);
    // Tsoro (Additional Capture) earns its holes only by a capture.
    let t = additional();
    let p = position(&t, &[('H', 1), ('a', 2), ('b', 1)], Side::South);
    assert_eq!(play(&t, &p, "H").to_move(), Side::North);
}

#[test]
fn chosen_capture_keys_are_validated_naming_the_key() {
    let base = "[rows]\ncapture = \"facing-from-empty\"\n";
    assert!(
        four_rows(&format!(
            "{base}chosen_captures = 2\nchosen_captures_on_empty = true\n"
        ))
        .is_ok()
    );
    for bad in ["0", "9"] {
        refused(
            &format!("{base}chosen_captures = {bad}\n"),
            "rows.chosen_captures",
            "1 to 8",
        );
    }
    refused(
        "[rows]\nchosen_captures = 1\n",
        "rows.chosen_captures",
        "rows.capture",
    );
    refused(
        &format!("{base}chosen_captures = 1\ntaken_sown_from = \"capturing-hole\"\n"),
        "rows.chosen_captures",
        "taken_sown_from",
    );
    refused(
        &format!("{base}chosen_captures_on_empty = true\n"),
        "rows.chosen_captures_on_empty",
        "chosen_captures",
    );
    refused(
        "[rows]\ncapture = \"facing\"\nchosen_captures = 1\nchosen_captures_on_empty = true\n",
        "rows.chosen_captures_on_empty",
        "facing-from-empty",
    );
    let plain = four_rows(base).unwrap();
    let one = four_rows(&format!("{base}chosen_captures = 1\n")).unwrap();
    let two = four_rows(&format!("{base}chosen_captures = 2\n")).unwrap();
    let empty = four_rows(&format!(
        "{base}chosen_captures = 2\nchosen_captures_on_empty = true\n"
    ))
    .unwrap();
    let prints = [&plain, &one, &two, &empty].map(|r| r.play_fingerprint());
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(prints[i], prints[j], "{i} {j}");
        }
    }
}

/// Bao la Kujifunza on four rows of three: South's outer row A B C, inner
/// row D (inner column 3, the right kichwa), E (the middle), F (inner
/// column 1, the left kichwa); North's a-f the same. E faces e, D faces f.
fn bao_three() -> Rules {
    Rules::load("bao-la-kujifunza:holes=3,seeds=2").unwrap()
}

#[test]
fn on_three_holes_a_row_a_capture_in_the_middle_is_sown_in_the_moves_direction() {
    let r = bao_three();
    let p = position(
        &r,
        &[('A', 2), ('C', 2), ('E', 1), ('a', 1), ('d', 1), ('e', 2)],
        Side::South,
    );
    // C> sows D, E: E held 1, and e facing it holds 2: a capture. The
    // middle hole is neither end's kimbi, so the move's direction
    // (counter-clockwise) picks the right kichwa D: the 2 seeds go D, E;
    // E, now 3, faces an empty e and relays into F, A, B.
    let after = play(&r, &p, "C>");
    assert_eq!(
        holes(&r, &after),
        [('A', 3), ('B', 1), ('D', 2), ('F', 1), ('a', 1), ('d', 1)]
    );
    // A< sows F, E the other way: the same capture, sown clockwise from
    // the left kichwa F: F, E; E relays clockwise into D, C, B.
    let after = play(&r, &p, "A<");
    assert_eq!(
        holes(&r, &after),
        [('B', 1), ('C', 3), ('D', 1), ('F', 2), ('a', 1), ('d', 1)]
    );
}

#[test]
fn on_three_holes_a_row_a_capture_in_an_end_hole_is_sown_from_its_own_kichwa() {
    let r = bao_three();
    // D> (counter-clockwise) sows E, F: F held 1, and d facing it holds 2:
    // a capture in the left kimbi, sown clockwise from the left kichwa
    // whatever the move's direction: F, E. E, now 2, faces an empty e and
    // relays clockwise into D (emptied by the move) and C, which was empty.
    let p = position(
        &r,
        &[('D', 2), ('F', 1), ('a', 1), ('d', 2), ('f', 1)],
        Side::South,
    );
    let after = play(&r, &p, "D>");
    assert_eq!(
        holes(&r, &after),
        [('C', 1), ('D', 1), ('F', 3), ('a', 1), ('f', 1)]
    );
    // On two holes a row both kichwas would be one kimbi: refused.
    let text = Rules::builtin_source("bao-la-kujifunza")
        .unwrap()
        .replace("holes_per_row = 8", "holes_per_row = 2");
    let e = Rules::from_toml("t", &text, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rows.taken_sown_from"), "{e}");
    assert!(e.reason.contains("at least 3 holes a row"), "{e}");
}
