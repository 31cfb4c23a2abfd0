//! Three-row boards (`board.rows = 3`, `docs/three-rows.md`): one ring
//! through all the holes, each player owning their near row and the right
//! half of the middle row; the labels, the board text, the position text
//! and the rule files of three rows, and Gabata's wegue on hand-built
//! positions worked out in the comments.
//!
//! On 3x6 South's holes are A-F (near row, left to right) and G-I (the
//! middle row's right half, from its right end to the centre); North's
//! a-i the same from North's seat. A lap from I goes on into a, one from i
//! into A.

use mancala_core::notation::{hole_label, move_label, parse_move};
use mancala_core::{Position, Rules, Side};

fn gabata() -> Rules {
    Rules::builtin("gabata-adowa").unwrap()
}

/// A position of a 3x6 game from `(label, seeds)` pairs, the other holes empty.
fn position(r: &Rules, holes: &[(char, u8)], to_move: Side) -> Position {
    let mut board = [0u8; 18];
    for &(label, seeds) in holes {
        board[index(label)] = seeds;
    }
    r.position(&board, [0, 0], to_move, 10).unwrap()
}

fn index(label: char) -> usize {
    match label {
        'A'..='I' => label as usize - 'A' as usize,
        _ => 9 + label as usize - 'a' as usize,
    }
}

fn play(r: &Rules, p: &Position, label: &str) -> Position {
    let mv = parse_move(r, label).unwrap();
    r.play(p, mv).unwrap()
}

/// A three-row rule file with `extra` appended.
fn three_rows(extra: &str) -> Result<Rules, mancala_core::RuleError> {
    let text = format!(
        "name = \"T\"\n[board]\nrows = 3\nholes_per_row = 6\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\nlaps = \"single\"\n{extra}"
    );
    Rules::from_toml("t", &text, "t.toml")
}

#[test]
fn each_player_owns_a_near_row_and_half_the_middle_row_in_one_ring() {
    let r = gabata();
    assert_eq!((r.rows(), r.holes_per_row(), r.holes()), (3, 6, 18));
    assert_eq!(r.holes_per_side(), 9);
    let labels: String = (0..18).map(|h| hole_label(9, h)).collect();
    assert_eq!(labels, "ABCDEFGHIabcdefghi");
    assert_eq!(r.row(Side::South), 0..9);
    assert_eq!(r.row(Side::North), 9..18);
    assert_eq!(r.owner(index('I')), Side::South);
    assert_eq!(r.owner(index('a')), Side::North);
    // The start: three seeds in every hole, South to move from any of A-I.
    let start = r.start();
    let legal: Vec<String> = r
        .legal_moves(&start)
        .iter()
        .map(|m| move_label(&r, m))
        .collect();
    assert_eq!(legal, ["A", "B", "C", "D", "E", "F", "G", "H", "I"]);
}

#[test]
fn the_board_text_shows_three_rows_with_south_at_the_bottom() {
    let r = gabata();
    let p = position(
        &r,
        &[('A', 1), ('G', 7), ('I', 9), ('a', 2), ('g', 5), ('i', 8)],
        Side::South,
    );
    // North's near row a-f right to left; the middle row g h i (North's,
    // from the left end) then I H G (South's, towards the right end).
    let want = "  f  e  d  c  b  a\n  0  0  0  0  0  2\n  5  0  8  9  0  7\n  g  h  i  I  H  G\n  1  0  0  0  0  0\n  A  B  C  D  E  F\n";
    assert_eq!(r.board_diagram(&p), want);
}

#[test]
fn laps_go_from_souths_middle_holes_into_norths_and_back() {
    // A single-lap game, so that each lap is seen on its own.
    let r = three_rows("").unwrap();
    // I (South's middle hole by the centre) with 2: into a and b.
    let p = position(&r, &[('I', 2), ('E', 1)], Side::South);
    let after = play(&r, &p, "I");
    assert_eq!((after.seeds(index('a')), after.seeds(index('b'))), (1, 1));
    // i (North's middle hole by the centre) with 3: into A, B, C.
    let p = position(&r, &[('i', 3), ('E', 1)], Side::North);
    let after = play(&r, &p, "i");
    assert_eq!(
        (
            after.seeds(0),
            after.seeds(1),
            after.seeds(2),
            after.seeds(index('i'))
        ),
        (1, 1, 1, 0)
    );
    // North plays only its own holes.
    assert!(r.play(&p, parse_move(&r, "A").unwrap()).is_err());
}

#[test]
fn a_last_seed_making_an_opponents_hole_four_makes_a_wegue_and_raids_take_two() {
    let r = gabata();
    // South's H with 2 sows I (empty: 1) and a (3 -> 4): a becomes South's
    // wegue and the move ends there.
    let p = position(&r, &[('H', 2), ('a', 3), ('c', 2), ('E', 1)], Side::South);
    let after = play(&r, &p, "H");
    assert_eq!(after.seeds(index('a')), 4);
    assert_eq!(after.hole_owner(index('a')), Some(Side::South));
    assert_eq!(after.to_move(), Side::North);
    // The position text names the wegue and reads back the same position.
    let text = r.position_to_text(&after);
    assert!(text.contains("owned_south=a"), "{text}");
    assert_eq!(r.position_from_text(&text).unwrap(), after);
    // North may not play from South's wegue, nor from a (now South's).
    let legal: Vec<String> = r
        .legal_moves(&after)
        .iter()
        .map(|m| move_label(&r, m))
        .collect();
    assert_eq!(legal, ["c"]);
    // A last seed of North's in South's wegue takes two seeds from it (all
    // it holds when fewer): i (index 17) with 10 seeds sows A..I and ends
    // in a (index 9), South's empty wegue, which its last seed makes 1.
    let p = position(&r, &[('i', 10), ('H', 1)], Side::North);
    let mut owners = vec![None; 18];
    owners[index('a')] = Some(Side::South);
    let p = r.with_owned(p, &owners).unwrap();
    let after = play(&r, &p, "i");
    assert_eq!(after.seeds(index('a')), 0);
    assert_eq!(after.seeds(index('H')), 2);
    assert_eq!(after.captured(Side::North), 1);
}

#[test]
fn three_row_rule_files_refuse_what_needs_facing_holes_naming_the_key() {
    assert!(three_rows("").is_ok());
    let refused = |extra: &str, key: &str, words: &str| {
        let e = three_rows(extra).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
        assert!(e.reason.contains(words), "{e}");
    };
    refused(
        "[capture]\nrule = \"opposite\"\n",
        "capture.rule",
        "no hole faces another",
    );
    refused(
        "[capture]\nrule = \"counts\"\ncounts = [2]\ntake_facing = true\n",
        "capture.take_facing",
        "no hole faces",
    );
    refused("[rows]\ncapture = \"facing\"\n", "rows", "four-row boards");
    refused(
        "[moves]\nopening = \"right-half\"\n",
        "moves.opening",
        "two rows",
    );
    let odd = "name = \"T\"\n[board]\nrows = 3\nholes_per_row = 7\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\n";
    let e = Rules::from_toml("t", odd, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("board.rows"), "{e}");
    let mut stores = three_rows("").unwrap().spec().clone();
    stores.board.stores = true;
    assert_eq!(Rules::compile("t", stores).unwrap_err().key, "board.stores");
    // Counts captures need no facing hole: allowed.
    assert!(three_rows("[capture]\nrule = \"counts\"\ncounts = [2, 3]\n").is_ok());
}

#[test]
fn a_three_row_ring_plays_as_two_rows_of_its_holes_and_fingerprints_so() {
    let three = three_rows("").unwrap();
    let text = "name = \"T\"\n[board]\nholes_per_row = 9\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\nlaps = \"single\"\n";
    let two = Rules::from_toml("t", text, "t.toml").unwrap();
    // Every rule a three-row game may set asks only for the ring and who
    // owns which stretch of it: the 3x6 game is the 2x9 game drawn
    // otherwise, move for move, so what is learnt of one (a database, a
    // book) serves the other.
    assert_eq!(two.holes(), three.holes());
    assert_eq!(two.play_fingerprint(), three.play_fingerprint());
    let mut a = two.start();
    let mut b = three.start();
    for _ in 0..40 {
        let (la, lb) = (two.legal_moves(&a), three.legal_moves(&b));
        assert_eq!(la, lb);
        let Some(mv) = la.nth(la.len() / 2) else {
            break;
        };
        a = two.play(&a, mv).unwrap();
        b = three.play(&b, mv).unwrap();
        assert_eq!(a, b);
    }
    // Only the drawing differs.
    assert_ne!(two.board_diagram(&a), three.board_diagram(&b));
}

#[test]
fn the_position_text_keeps_the_holes_held_across_the_board() {
    let r = gabata();
    // A round after North won two of South's holes: A and B are North's to
    // play this round.
    let text = "board=3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3 to_move=north captured=0,0 ply=0 opened=none held=A,B";
    let p = r.position_from_text(text).unwrap();
    assert_eq!(p.territory_mask(), 0b11);
    assert_eq!(r.position_to_text(&p), text);
    let legal: Vec<String> = r
        .legal_moves(&p)
        .iter()
        .map(|m| move_label(&r, m))
        .collect();
    assert_eq!(
        legal,
        ["A", "B", "a", "b", "c", "d", "e", "f", "g", "h", "i"]
    );
    // Not in a game without territory.
    let e = three_rows("")
        .unwrap()
        .position_from_text(text)
        .unwrap_err();
    assert!(e.contains("held:"), "{e}");
}
