//! Unit tests of move making, sowing, relays and captures that reach
//! into the crate's internals.

use crate::position::MAX_HOLES;
use crate::sowing::{Sower, Sowing};
use crate::trace::NoTrace;
use crate::{Move, Position, Rules, Side, limit_relay_laps};

/// What the laps of `mover`'s sowing share in a plain game: holes out of
/// play (`blocked`) passed over, captures allowed.
fn plain_sowing(mover: Side, blocked: u32) -> Sowing {
    Sowing {
        mover,
        blocked,
        territory: 0,
        owned: [0, 0],
        may_capture: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_long_relay_ends_after_515_laps() {
        let r = Rules::builtin("sadeqa-ii").unwrap();
        let report = r
            .sow_only(&[1, 2, 1, 0, 3, 4, 0, 8, 1, 2, 7, 0], 5)
            .unwrap();
        assert_eq!(report.laps, 515);
        assert_eq!(report.last, 9);
        assert_eq!(report.board, vec![3, 0, 1, 0, 1, 7, 1, 0, 4, 1, 5, 6]);
    }
}

/// The relay lap is injective on relay states (board, stores, hole to lift)
/// for every variant whose endless check compares with the first state only
/// (see [`Rules::relay_on`]): checked on every board of small rings.
#[cfg(test)]
mod relay_injectivity {
    use super::*;
    use std::collections::HashMap;

    fn rules(holes: u32, extra: &str, capture: &str) -> Rules {
        let text = format!(
            "name = \"T\"\n[board]\nholes_per_row = {holes}\nseeds_per_hole = 1\nstores = true\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\n{extra}\n[capture]\n{capture}\n"
        );
        Rules::from_toml("t", &text, "t.toml").unwrap()
    }

    /// Every board of `holes` holes with `total` seeds.
    fn boards(holes: usize, total: u8) -> Vec<[u8; MAX_HOLES]> {
        let mut out = Vec::new();
        let mut b = [0u8; MAX_HOLES];
        fn rec(
            i: usize,
            left: u8,
            holes: usize,
            b: &mut [u8; MAX_HOLES],
            out: &mut Vec<[u8; MAX_HOLES]>,
        ) {
            if i + 1 == holes {
                b[i] = left;
                out.push(*b);
                return;
            }
            for s in 0..=left {
                b[i] = s;
                rec(i + 1, left - s, holes, b, out);
            }
        }
        rec(0, total, holes, &mut b, &mut out);
        out
    }

    /// A relay's state: the board, the stores and the hole it goes on from.
    type RelayState = ([u8; MAX_HOLES], [u8; 2], usize);

    /// Collisions of the lap map over relay states that go on relaying.
    fn collisions(r: &Rules, blocked: u32) -> usize {
        let mut found = 0;
        for mover in [Side::South, Side::North] {
            for total in 1..=9u8 {
                let mut seen: HashMap<RelayState, ([u8; MAX_HOLES], usize)> = HashMap::new();
                for board in boards(r.layout.holes, total) {
                    for lift in 0..r.layout.holes {
                        // A relay lifts a hole its last seed made 2 or more.
                        if board[lift] < 2 || blocked & (1 << lift) != 0 {
                            continue;
                        }
                        if (0..r.layout.holes).any(|h| blocked & (1 << h) != 0 && board[h] != 0) {
                            continue;
                        }
                        let mut b = board;
                        let mut stores = [0u8; 2];
                        let (last, _) = r.lap(
                            &mut Sower {
                                board: &mut b,
                                stores: &mut stores,
                                sowing: plain_sowing(mover, blocked),
                                obs: &mut NoTrace,
                            },
                            lift,
                            false,
                        );
                        if let Some(other) = seen.insert((b, stores, last), (board, lift))
                            && other != (board, lift)
                        {
                            found += 1;
                        }
                    }
                }
            }
        }
        found
    }

    /// The relay followed with every state kept: the reference the
    /// one-state check must agree with.
    fn naive_relay(r: &Rules, board: &[u8], origin: usize) -> Option<(Vec<u8>, usize, u64)> {
        let mut b = [0u8; MAX_HOLES];
        b[..r.layout.holes].copy_from_slice(board);
        let mut stores = [0u8; 2];
        let mover = r.owner(origin);
        let (mut last, _) = r.lap(
            &mut Sower {
                board: &mut b,
                stores: &mut stores,
                sowing: plain_sowing(mover, 0),
                obs: &mut NoTrace,
            },
            origin,
            r.sowing.start_in_origin,
        );
        let mut laps = 1;
        let mut seen = std::collections::HashSet::new();
        while last < MAX_HOLES && b[last] > 1 {
            if !seen.insert((b, last)) {
                return None;
            }
            last = r
                .lap(
                    &mut Sower {
                        board: &mut b,
                        stores: &mut stores,
                        sowing: plain_sowing(mover, 0),
                        obs: &mut NoTrace,
                    },
                    last,
                    false,
                )
                .0;
            laps += 1;
        }
        Some((b[..r.layout.holes].to_vec(), last, laps))
    }

    #[test]
    fn endless_relays_of_many_seeds_are_found_exactly() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let none = "rule = \"none\"";
        let (mut endless, mut ended) = (0, 0);
        for extra in [
            "",
            "direction = \"clockwise\"",
            "skip_origin = true",
            "into_own_store = true",
            "own_row = true",
        ] {
            for holes in [1, 2, 3] {
                let r = rules(holes, extra, none);
                for _ in 0..200 {
                    let seeds = rng.random_range(41..=120);
                    let mut board = vec![0u8; r.layout.holes];
                    for _ in 0..seeds {
                        board[rng.random_range(0..r.layout.holes)] += 1;
                    }
                    let Some(origin) = (0..r.layout.holes).find(|&h| board[h] > 0) else {
                        continue;
                    };
                    let ours = r
                        .sow_only(&board, origin)
                        .map(|s| (s.board, s.last, s.laps));
                    let theirs = naive_relay(&r, &board, origin);
                    if extra == "into_own_store = true" {
                        // sow_only reports holes only; the laps and the end agree.
                        assert_eq!(
                            ours.is_none(),
                            theirs.is_none(),
                            "{extra:?} {board:?} {origin}"
                        );
                    } else {
                        assert_eq!(ours, theirs, "{extra:?} {board:?} {origin}");
                    }
                    if theirs.is_none() {
                        endless += 1
                    } else {
                        ended += 1
                    }
                }
            }
        }
        assert!(
            endless > 50 && ended > 50,
            "{endless} endless, {ended} ended"
        );
    }

    #[test]
    fn the_vector_relay_lap_sows_as_the_seed_by_seed_lap() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for holes in [1, 2, 5, 6, 16] {
            for extra in ["", "direction = \"clockwise\""] {
                let r = rules(holes, extra, "rule = \"none\"");
                for _ in 0..2000 {
                    let mut board = [0u8; MAX_HOLES];
                    for seeds in &mut board[..r.layout.holes] {
                        *seeds = rng.random_range(0..=12);
                    }
                    let lift = rng.random_range(0..r.layout.holes);
                    board[lift] = rng.random_range(1..=120);
                    let (mut a, mut b) = (board, board);
                    assert_eq!(
                        r.relay_lap_plain(&mut a, lift),
                        r.sow_lap(&mut b, lift, false, board[lift], &mut NoTrace)
                    );
                    assert_eq!(a, b, "{board:?} {lift}");
                }
            }
        }
    }

    #[test]
    fn a_search_lap_limit_takes_long_relays_for_endless_and_is_restored() {
        let r = Rules::builtin("sadeqa-ii").unwrap();
        let board = [1, 2, 1, 0, 3, 4, 0, 8, 1, 2, 7, 0];
        assert_eq!(r.sow_only(&board, 5).unwrap().laps, 515);
        {
            let _limit = limit_relay_laps(514);
            assert_eq!(r.sow_only(&board, 5), None);
            let _wider = limit_relay_laps(600);
            assert_eq!(r.sow_only(&board, 5).unwrap().laps, 515);
        }
        assert_eq!(r.sow_only(&board, 5).unwrap().laps, 515);
    }

    #[test]
    fn relay_laps_are_injective_for_every_variant_checked_by_first_state() {
        let none = "rule = \"none\"";
        let counts = "rule = \"counts\"\ncounts = [4]";
        for holes in 1..=3 {
            for extra in [
                "",
                "direction = \"clockwise\"",
                "into_own_store = true",
                "into_own_store = true\ndirection = \"clockwise\"",
                "own_row = true",
                "own_row = true\ndirection = \"clockwise\"",
                "own_row = true\ninto_own_store = true",
            ] {
                let r = rules(holes, extra, none);
                assert!(!r.relay_needs_brent(), "{extra:?}");
                assert_eq!(collisions(&r, 0), 0, "{holes} holes, {extra:?}");
                if holes == 3 {
                    // A hole of each row out of play.
                    assert_eq!(collisions(&r, 0b001_001), 0, "blocked, {extra:?}");
                }
            }
        }
        // Passing over the origin leaves it empty, which forgets how many
        // times the lap went round: not injective, so Brent's.
        let r = rules(3, "skip_origin = true", none);
        assert!(collisions(&r, 0) > 0);
        assert!(r.relay_needs_brent());
        // Captures while sowing take seeds off the board; not proved
        // injective, so those relays keep Brent's cycle detection.
        let r = rules(3, "passing_captures = true", counts);
        assert!(r.relay_needs_brent());
    }
}

/// Sowing directions that vary by move, on hand-checked positions.
#[cfg(test)]
mod directions {
    use crate::{Game, Move, Rules, Side, notation};

    fn rules(holes: u32, seeds: u32, extra: &str) -> Rules {
        let text = format!(
            "name = \"D\"\n[board]\nholes_per_row = {holes}\nseeds_per_hole = {seeds}\n\
             [sowing]\nstart = \"next\"\n{extra}\n"
        );
        Rules::from_toml("d", &text, "d.toml").unwrap()
    }

    fn labels(r: &Rules, pos: &crate::Position) -> Vec<String> {
        r.legal_moves(pos)
            .iter()
            .map(|m| notation::move_label(r, m))
            .collect()
    }

    fn board_after(r: &Rules, board: &[u8], mover: Side, label: &str) -> Vec<u8> {
        let pos = r.position(board, [0, 0], mover, 2).unwrap();
        let mv = notation::parse_move(r, label).unwrap();
        let after = r.play(&pos, mv).unwrap();
        after.raw_board()[..r.holes()].to_vec()
    }

    /// Hand-checked: each player's first move is a bare label sown
    /// clockwise; from the second on the mover chooses again. South's B (2
    /// seeds) clockwise sows A and North's c; North's first move, a, sows
    /// C and B clockwise (North's left is down the indices for North too).
    #[test]
    fn each_players_first_move_may_sow_one_way() {
        let r = rules(
            3,
            2,
            "direction = \"chosen\"\nfirst_moves_direction = \"clockwise\"",
        );
        let start = r.start();
        assert_eq!(labels(&r, &start), ["A", "B", "C"]);
        let after = r.play(&start, Move::Sow(1)).unwrap();
        assert_eq!(after.raw_board()[..6], [3, 0, 2, 2, 2, 3]);
        assert_eq!(labels(&r, &after), ["a", "b", "c"]);
        let after = r.play(&after, Move::Sow(3)).unwrap();
        assert_eq!(after.raw_board()[..6], [3, 1, 3, 0, 2, 3]);
        assert_eq!(labels(&r, &after), ["A>", "A<", "B>", "B<", "C>", "C<"]);
        let mut game = Game::new(r.clone());
        assert!(game.play_label("B<").is_err());
        game.play_label("B").unwrap();
        assert_eq!(game.record(), "B");
        // A repeated position knows who has moved.
        assert_ne!(
            r.repetition_key(&start),
            r.repetition_key(&r.position(&[2; 6], [0, 0], Side::South, 2).unwrap())
        );
        let bad = |extra: &str| {
            Rules::from_toml(
                "d",
                &format!(
                    "name = \"D\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n{extra}\n"
                ),
                "d.toml",
            )
            .unwrap_err()
            .to_string()
        };
        assert!(
            bad("first_moves_direction = \"clockwise\"").contains("sowing.first_moves_direction")
        );
        assert!(
            bad("direction = \"chosen\"\nfirst_moves_direction = \"parity\"")
                .contains("sowing.first_moves_direction")
        );
        assert_ne!(
            r.play_fingerprint(),
            rules(3, 2, "direction = \"chosen\"").play_fingerprint()
        );
    }

    #[test]
    fn the_mover_chooses_and_a_bare_label_is_refused() {
        let r = rules(3, 2, "direction = \"chosen\"");
        assert_eq!(labels(&r, &r.start()), ["A>", "A<", "B>", "B<", "C>", "C<"]);
        let start = [2; 6];
        assert_eq!(
            board_after(&r, &start, Side::South, "B<"),
            [3, 0, 2, 2, 2, 3]
        );
        assert_eq!(
            board_after(&r, &start, Side::South, "B>"),
            [2, 0, 3, 3, 2, 2]
        );
        // North's `>` is towards North's right: up the indices too.
        assert_eq!(
            board_after(&r, &start, Side::North, "a>"),
            [2, 2, 2, 0, 3, 3]
        );
        assert_eq!(
            board_after(&r, &start, Side::North, "a<"),
            [2, 3, 3, 0, 2, 2]
        );
        let mut game = Game::new(r.clone());
        let err = game.play_label("B").unwrap_err().to_string();
        assert!(
            err.contains("illegal move B")
                && err.contains("at ply 1")
                && err.contains("write B> or B<")
                && err.contains("A> A< B> B< C> C<"),
            "{err}"
        );
        game.play_label("B<").unwrap();
        assert_eq!(game.record(), "B<");
        // A game with one direction keeps bare labels and refuses arrows.
        let mut oware = Game::new(Rules::builtin("oware").unwrap());
        let err = oware.play_label("A>").unwrap_err().to_string();
        assert!(
            err.contains("the rules give this hole's direction: write A"),
            "{err}"
        );
    }

    #[test]
    fn chosen_holes_count_from_each_players_left() {
        let r = rules(3, 2, "chosen_holes = [3]");
        assert_eq!(labels(&r, &r.start()), ["A", "B", "C>", "C<"]);
        let north = r.position(&[2; 6], [0, 0], Side::North, 1).unwrap();
        assert_eq!(labels(&r, &north), ["a", "b", "c>", "c<"]);
        let e = Rules::from_toml(
            "d",
            "name = \"D\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\nchosen_holes = [4]\n",
            "d.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("sowing.chosen_holes"));
        assert!(e.reason.contains("1 to 3"), "{e}");
    }

    #[test]
    fn outward_and_inward_sow_by_half() {
        let r = rules(4, 2, "direction = \"outward\"");
        assert_eq!(labels(&r, &r.start()), ["A", "B", "C", "D"]);
        let start = [2; 8];
        // South's left half sows clockwise, round the end of the row.
        assert_eq!(
            board_after(&r, &start, Side::South, "A"),
            [0, 2, 2, 2, 2, 2, 3, 3]
        );
        assert_eq!(
            board_after(&r, &start, Side::South, "D"),
            [2, 2, 2, 0, 3, 3, 2, 2]
        );
        // North's left half (a, b) is holes 4 and 5.
        assert_eq!(
            board_after(&r, &start, Side::North, "a"),
            [2, 2, 3, 3, 0, 2, 2, 2]
        );
        let r = rules(4, 2, "direction = \"inward\"");
        assert_eq!(
            board_after(&r, &start, Side::South, "A"),
            [0, 3, 3, 2, 2, 2, 2, 2]
        );
        assert_eq!(
            board_after(&r, &start, Side::South, "D"),
            [2, 3, 3, 0, 2, 2, 2, 2]
        );
        // An odd row's middle hole must be chosen.
        let text = "name = \"D\"\n[board]\nholes_per_row = 5\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\ndirection = \"outward\"\n";
        let e = Rules::from_toml("d", text, "d.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("sowing.chosen_holes"));
        assert!(e.reason.contains("middle hole"), "{e}");
        let r = rules(5, 2, "direction = \"outward\"\nchosen_holes = [3]");
        assert_eq!(labels(&r, &r.start()), ["A", "B", "C>", "C<", "D", "E"]);
    }

    #[test]
    fn parity_sows_odd_counts_counter_clockwise() {
        let r = rules(3, 2, "direction = \"parity\"");
        let board = [3, 2, 0, 0, 0, 1];
        assert_eq!(
            board_after(&r, &board, Side::South, "A"),
            [0, 3, 1, 1, 0, 1]
        );
        assert_eq!(
            board_after(&r, &board, Side::South, "B"),
            [4, 0, 0, 0, 0, 2]
        );
    }

    #[test]
    fn alternate_fixes_both_directions_on_the_first_move() {
        let r = rules(3, 2, "direction = \"alternate\"");
        let mut game = Game::new(r.clone());
        assert_eq!(labels(&r, &r.start()), ["A>", "A<", "B>", "B<", "C>", "C<"]);
        game.play_label("B<").unwrap();
        let pos = *game.position();
        assert_eq!(pos.fixed_direction(Side::South), Some(true));
        assert_eq!(pos.fixed_direction(Side::North), Some(false));
        assert_eq!(labels(&r, &pos), ["a", "b", "c"]);
        // North sows counter-clockwise from now on.
        game.play_label("a").unwrap();
        assert_eq!(game.position().raw_board()[..6], [3, 0, 2, 0, 3, 4]);
        // South keeps clockwise: A (3 seeds) sows into c, b, a.
        game.play_label("A").unwrap();
        assert_eq!(game.position().raw_board()[..6], [0, 0, 2, 1, 4, 5]);
        assert_eq!(game.record(), "B< a A");
        let replay = Game::replay(r, "B< a A").unwrap();
        assert_eq!(replay.position(), game.position());
    }

    #[test]
    fn stores_stay_put_when_the_direction_turns() {
        let text = "name = \"D\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 1\nstores = true\n[sowing]\nstart = \"next\"\ndirection = \"chosen\"\ninto_own_store = true\n[moves]\nextra_turn = \"store\"\n";
        let r = Rules::from_toml("d", text, "d.toml").unwrap();
        let pos = r.position(&[0, 4, 0, 0], [0, 0], Side::South, 2).unwrap();
        // South's store stands between B and a: clockwise from B it comes
        // after A, b and a.
        let after = r.play(&pos, Move::SowClockwise(1)).unwrap();
        assert_eq!(after.raw_board()[..4], [1, 0, 1, 1]);
        assert_eq!(after.captured(Side::South), 1);
        assert_eq!(after.to_move(), Side::South, "ended in the store");
        let after = r.play(&pos, Move::SowCounterClockwise(1)).unwrap();
        assert_eq!(after.raw_board()[..4], [1, 0, 1, 1]);
        assert_eq!(after.to_move(), Side::North);
    }

    #[test]
    fn a_capture_chain_runs_against_the_moves_own_direction() {
        let r = rules(
            4,
            2,
            "direction = \"chosen\"\n[capture]\nrule = \"counts\"\ncounts = [2]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"",
        );
        let pos = r
            .position(&[1, 1, 1, 1, 0, 0, 0, 5], [0, 0], Side::North, 2)
            .unwrap();
        // d< sows c b a D C: C and D reach 2, and the chain runs back up to D.
        let after = r.play(&pos, Move::SowClockwise(7)).unwrap();
        assert_eq!(after.raw_board()[..8], [1, 1, 0, 0, 1, 1, 1, 0]);
        assert_eq!(after.captured(Side::North), 4);
        // d> sows A B C D a: ends in North's own row, no capture.
        let after = r.play(&pos, Move::SowCounterClockwise(7)).unwrap();
        assert_eq!(after.captured(Side::North), 0);
    }

    #[test]
    fn direction_options_are_validated() {
        let base = "name = \"D\"\n[board]\nholes_per_row = 9\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n";
        // 18 moves fit a position's list; from either row, 36 do not.
        let r =
            Rules::from_toml("d", &format!("{base}direction = \"chosen\"\n"), "d.toml").unwrap();
        assert_eq!(r.legal_moves(&r.start()).len(), 18);
        let e = Rules::from_toml(
            "d",
            &format!("{base}direction = \"chosen\"\n[moves]\nany_row = true\n"),
            "d.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("moves.any_row"));
        assert!(e.reason.contains("36 moves"), "{e}");
        let e = Rules::from_toml(
            "d",
            &format!("{base}direction = \"chosen\"\nchosen_holes = [1]\n"),
            "d.toml",
        )
        .unwrap_err();
        assert!(e.reason.contains("leave chosen_holes out"), "{e}");
        let e =
            Rules::from_toml("d", &format!("{base}chosen_holes = [1, 1]\n"), "d.toml").unwrap_err();
        assert!(e.reason.contains("listed twice"), "{e}");
        let e = Rules::from_toml(
            "d",
            &format!("{base}chosen_holes = [1]\n[moves]\nopening = \"rightmost\"\n"),
            "d.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("moves.opening"));
    }

    #[test]
    fn fingerprints_tell_directions_apart() {
        let plain = rules(3, 2, "").play_fingerprint();
        let prints: Vec<Vec<u8>> = [
            "direction = \"chosen\"",
            "chosen_holes = [2]",
            "direction = \"parity\"",
            "direction = \"alternate\"",
            "direction = \"outward\"\nchosen_holes = [2]",
            "direction = \"inward\"\nchosen_holes = [2]",
        ]
        .iter()
        .map(|extra| rules(3, 2, extra).play_fingerprint())
        .collect();
        for (i, a) in prints.iter().enumerate() {
            assert_ne!(a, &plain);
            for b in &prints[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}

/// `[owned]` and `sowing.single_to_next`, each on a hand-checked position.
#[cfg(test)]
mod owned_holes {
    use super::*;
    use crate::{EndReason, Game, State};

    /// Four holes a row (South `0..4`, North `4..8`), four seeds a hole.
    fn rules(sowing: &str, capture: &str, owned: &str) -> Rules {
        let text = format!(
            "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\nstores = true\n\
             [sowing]\n{sowing}\n[capture]\n{capture}\n[owned]\n{owned}\n"
        );
        Rules::from_toml("t", &text, "t.toml").unwrap()
    }

    /// Toguz Kumalak's tuzdik, scaled down.
    fn tuzdik() -> Rules {
        rules(
            "start = \"origin\"\nsingle_to_next = true",
            "rule = \"counts\"\ncounts = [2, 4, 6, 8, 10, 12, 14, 16]\nlast_hole_in = \"opponent\"",
            "count = 3\nper_player = 1\nrow = \"opponent\"\nplaces = \"not-opponent-last\"\nnot_mirror = true",
        )
    }

    fn pos(r: &Rules, board: [u8; 8], owners: [Option<Side>; 8]) -> Position {
        let p = r.position(&board, [0, 0], Side::South, 2).unwrap();
        r.with_owned(p, &owners).unwrap()
    }

    const NONE: [Option<Side>; 8] = [None; 8];

    #[test]
    fn a_last_seed_bringing_an_opponent_hole_to_three_makes_a_tuzdik() {
        let r = tuzdik();
        // C (3 seeds) sows C, D, a: a goes from 2 to 3 and becomes South's.
        let p = pos(&r, [0, 0, 3, 0, 2, 1, 1, 1], NONE);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [0, 0, 1, 1, 3, 1, 1, 1]);
        assert_eq!(after.hole_owner(4), Some(Side::South));
        assert_eq!(
            after.captured(Side::South),
            0,
            "making a tuzdik is no capture"
        );
        assert_eq!(after.held(Side::South), 3, "its seeds are South's");
        // North may not move from it.
        assert!(!r.legal_moves(&after).contains(Move::Sow(4)));
        let after = r.play(&after, Move::Sow(7)).unwrap();
        assert_eq!(after.hole_owner(4), Some(Side::South));
        // d (1 seed) moves it on to A, across the board end (single_to_next).
        assert_eq!(after.raw_board()[..8], [1, 0, 1, 1, 3, 1, 1, 0]);
    }

    #[test]
    fn a_tuzdik_is_one_per_player_never_in_the_last_hole_nor_the_mirror() {
        let r = tuzdik();
        // A second tuzdik: b reaches 3 but South owns a already; 3 is odd.
        let p = pos(&r, [0, 0, 0, 3, 0, 2, 0, 0], {
            let mut o = NONE;
            o[4] = Some(Side::South);
            o
        });
        let after = r.play(&p, Move::Sow(3)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 4);
        assert_eq!(after.raw_board()[5], 3);
        // The opponent's last hole (d, 7) is never a tuzdik.
        let p = pos(&r, [0, 0, 0, 5, 0, 0, 0, 2], NONE);
        let after = r.play(&p, Move::Sow(3)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 0);
        assert_eq!(after.raw_board()[7], 3);
        // Nor the hole numbered as the opponent's tuzdik: North owns A (its
        // number 1), so South may not own a.
        let mut owners = NONE;
        owners[0] = Some(Side::North);
        let p = pos(&r, [0, 0, 3, 0, 2, 1, 1, 1], owners);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 0);
        // Without it, the even count captures as usual: b to 4.
        let p = pos(&r, [0, 0, 4, 0, 2, 3, 1, 1], owners);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.captured(Side::South), 4);
    }

    #[test]
    fn owned_seeds_count_for_the_majority_and_at_the_end() {
        let text = "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n\
                    [sowing]\nstart = \"next\"\n[end]\nmajority = true\n[owned]\ncount = 3\n";
        let r = Rules::from_toml("t", text, "t.toml").unwrap();
        // 32 seeds; South holds 14 captured + 3 in a: 17 of 32 is a majority.
        let mut owners = NONE;
        owners[4] = Some(Side::South);
        let p = r
            .position(&[1, 0, 0, 0, 3, 2, 0, 0], [14, 12], Side::South, 2)
            .unwrap();
        let p = r.with_owned(p, &owners).unwrap();
        assert_eq!(r.end_before_moves(&p), Some(EndReason::Majority));
        let outcome = crate::end::settle(&r, &p, EndReason::Majority);
        // South: 14 + 3 owned + its row's 1; North: 12 + its plain 2.
        assert_eq!(
            outcome.score.unwrap().map(|s| s.to_string()),
            ["18".to_string(), "14".to_string()]
        );
        // Not a majority without the owned seeds.
        let plain = r.with_owned(p, &NONE).unwrap();
        assert_eq!(r.end_before_moves(&plain), None);
        assert_ne!(r.repetition_key(&p), r.repetition_key(&plain));
    }

    #[test]
    fn a_last_seed_in_an_opponent_hole_raids_two() {
        let r = rules("start = \"next\"", "rule = \"none\"", "count = 4\nraid = 2");
        let mut owners = NONE;
        owners[5] = Some(Side::North);
        // C (3 seeds) sows D, a, b: b (North's, 5 seeds) is raided of 2.
        let p = pos(&r, [0, 0, 3, 0, 0, 5, 0, 1], owners);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [0, 0, 0, 1, 1, 4, 0, 1]);
        assert_eq!(after.captured(Side::South), 2);
        // A count of 4 in a plain hole makes it the mover's (either row).
        let p = pos(&r, [0, 0, 2, 0, 3, 0, 0, 1], NONE);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 4);
        let p = pos(&r, [0, 1, 3, 0, 0, 0, 0, 1], NONE);
        let after = r.play(&p, Move::Sow(1)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 2, "own row too");
    }

    #[test]
    fn a_pair_is_made_across_the_board() {
        let r = rules(
            "start = \"next\"",
            "rule = \"opposite\"\nlast_hole_in = \"own\"",
            "count = 3\nmake = \"pair-opposite\"\nrow = \"own\"",
        );
        // A (1 seed) sows B, empty; facing c holds 3: both become South's.
        let p = pos(&r, [1, 0, 2, 0, 0, 0, 3, 1], NONE);
        let after = r.play(&p, Move::Sow(0)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 1 | 1 << 6);
        assert_eq!(after.captured(Side::South), 0);
        // Facing 2 instead: an ordinary capture of the opposite hole.
        let p = pos(&r, [1, 0, 2, 0, 0, 0, 2, 1], NONE);
        let after = r.play(&p, Move::Sow(0)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 0);
        assert_eq!(after.captured(Side::South), 2);
    }

    #[test]
    fn sowing_passes_over_opponent_holes_unless_last_and_captures_go_into_owned_holes() {
        let text = "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n\
                    [sowing]\nstart = \"next\"\n[owned]\ncount = 0\nraid = 2\nat_start = \"rightmost\"\n\
                    sow_past = \"opponent-but-last\"\ncaptures_into = true\n";
        let r = Rules::from_toml("t", text, "t.toml").unwrap();
        assert_eq!(r.start().owned_mask(Side::South), 1 << 3);
        assert_eq!(r.start().owned_mask(Side::North), 1 << 7);
        // South's C (6 seeds) sows its own D, a, b, c, passes North's d
        // and sows A and B.
        let mut board = [0u8, 0, 6, 4, 1, 1, 1, 4];
        let p = r.position(&board, [0, 0], Side::South, 2).unwrap();
        assert_eq!(p.owned_mask(Side::North), 1 << 7);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [1, 1, 0, 5, 2, 2, 2, 4]);
        // With 5 seeds the last lands in d: a raid of 2, into South's D.
        board[2] = 5;
        let p = r.position(&board, [0, 0], Side::South, 2).unwrap();
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [0, 0, 0, 7, 2, 2, 2, 3]);
        assert_eq!(after.captured(Side::South), 0);
        assert_eq!(after.held(Side::South), 7);
    }

    #[test]
    fn the_json_state_names_owned_holes() {
        let r = tuzdik();
        let p = pos(&r, [0, 0, 3, 0, 2, 1, 1, 1], NONE);
        let mut game = Game::from_position(r.clone(), p);
        assert_eq!(State::of(&game).holes, None);
        game.play(Move::Sow(2)).unwrap();
        let holes = State::of(&game).holes.unwrap();
        assert_eq!(holes[4].as_deref(), Some("store:south"));
        assert_eq!(holes.iter().filter(|h| h.is_some()).count(), 1);
    }

    #[test]
    fn owned_places_of_andot_and_qelat() {
        let andot = rules(
            "start = \"next\"",
            "rule = \"none\"",
            "count = 4\nplaces = \"opponent-ends-own-middle\"",
        );
        let qelat = rules(
            "start = \"next\"",
            "rule = \"none\"",
            "count = 4\nplaces = \"ends-and-opponent-next-to-ends\"",
        );
        // South's own middle holes and North's end holes; North the same way round.
        assert_eq!(andot.owning.unwrap().zone, [0b1001_0110, 0b0110_1001]);
        // Every end hole; the opponent's second and second-last holes.
        assert_eq!(qelat.owning.unwrap().zone, [0b1111_1001, 0b1001_1111]);
        let owner = |r: &Rules, board: [u8; 8], hole: u8, at: usize| {
            let after = r.play(&pos(r, board, NONE), Move::Sow(hole)).unwrap();
            after.hole_owner(at)
        };
        // B (3 seeds) sows C, D, a: a, North's end hole, reaches 4.
        let to_a = [0, 3, 0, 0, 3, 1, 1, 1];
        assert_eq!(owner(&andot, to_a, 1, 4), Some(Side::South));
        assert_eq!(owner(&qelat, to_a, 1, 4), Some(Side::South));
        // A (2 seeds) sows B, C: C, South's middle hole, reaches 4.
        let to_c = [2, 0, 3, 0, 1, 1, 1, 1];
        assert_eq!(owner(&andot, to_c, 0, 2), Some(Side::South));
        assert_eq!(owner(&qelat, to_c, 0, 2), None);
        // D (2 seeds) sows a, b: b, next to North's end, reaches 4.
        let to_b = [0, 0, 0, 2, 1, 3, 1, 1];
        assert_eq!(owner(&andot, to_b, 3, 5), None);
        assert_eq!(owner(&qelat, to_b, 3, 5), Some(Side::South));
        // B (2 seeds) sows C, D: D, South's own end hole, reaches 4.
        let to_d = [0, 2, 0, 3, 1, 1, 1, 1];
        assert_eq!(owner(&andot, to_d, 1, 3), None);
        assert_eq!(owner(&qelat, to_d, 1, 3), Some(Side::South));
    }

    #[test]
    fn owned_options_are_checked_and_name_their_field() {
        let base = "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n";
        let err = |extra: &str| {
            Rules::from_toml("t", &format!("{base}{extra}"), "t.toml")
                .unwrap_err()
                .to_string()
        };
        assert!(err("[owned]\ncount = 40\n").contains("owned.count"));
        assert!(err("[owned]\ncount = 3\nrow = \"left\"\n").contains("row"));
        assert!(err("[moves]\nmust_feed = true\n[owned]\ncount = 3\n").contains("moves.must_feed"));
        assert!(err("[rounds]\n[owned]\ncount = 3\n").contains("rounds"));
        let e = Rules::from_toml(
            "t",
            &base.replace(
                "start = \"next\"",
                "start = \"next\"\nsingle_to_next = true",
            ),
            "t.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("sowing.single_to_next"), "{e}");
        // A plain game has no owned holes to set.
        let plain = Rules::from_toml("t", base, "t.toml").unwrap();
        let mut owners = NONE;
        owners[0] = Some(Side::South);
        assert!(plain.with_owned(plain.start(), &owners).is_err());
    }
}

#[cfg(test)]
mod counted_opposite {
    use super::*;

    /// Three holes a row, opposite-on-empty captures of 1 to 4 seeds.
    fn rules() -> Rules {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\ncounts = [1, 2, 3, 4]\n";
        Rules::from_toml("x", text, "x.toml").unwrap()
    }

    #[test]
    fn the_opposite_hole_is_taken_only_at_a_listed_count() {
        let r = rules();
        // Board A B C | a b c (a faces C). South's A (1 seed) sows into the
        // empty B, which faces b.
        let pos = r
            .position(&[1, 0, 0, 0, 4, 19], [0, 0], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 1, 0, 0, 0, 19]);
        assert_eq!(after.captured(Side::South), 4);
        // Five seeds across: not a listed count, nothing is taken.
        let pos = r
            .position(&[1, 0, 0, 0, 5, 18], [0, 0], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 1, 0, 0, 5, 18]);
        assert_eq!(after.captured(Side::South), 0);
    }

    #[test]
    fn pulled_across_seeds_stay_in_the_last_hole() {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\npull_across = true\n";
        let r = Rules::from_toml("x", text, "x.toml").unwrap();
        // South's A (1 seed) sows into the empty B: b's 4 seeds come across into B.
        let pos = r
            .position(&[1, 0, 0, 0, 4, 19], [0, 0], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 5, 0, 0, 0, 19]);
        assert_eq!(after.captured(Side::South), 0);
        // The trace shows the seeds taken from b and kept in B.
        let (traced, trace) = r.play_traced(&pos, Move::Sow(0)).unwrap();
        assert_eq!(traced, after);
        assert!(trace.replay(&r, &pos).unwrap().matches(&r, &after));
    }

    #[test]
    fn after_a_grand_slam_the_opponent_takes_the_movers_row() {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\ngrand_slam = \"opponent-takes-row\"\n";
        let r = Rules::from_toml("x", text, "x.toml").unwrap();
        // A's seed falls into the empty B and takes b's 4, North's last
        // seeds: North then takes the 3 left in South's row.
        let pos = r
            .position(&[1, 0, 2, 0, 4, 0], [3, 2], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0; 6]);
        assert_eq!(after.captured(Side::South), 7);
        assert_eq!(after.captured(Side::North), 5);
        let (_, trace) = r.play_traced(&pos, Move::Sow(0)).unwrap();
        assert!(trace.replay(&r, &pos).unwrap().matches(&r, &after));
        // Not a grand slam (North keeps c): the capture alone.
        let pos = r
            .position(&[1, 0, 2, 0, 3, 1], [3, 2], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 1, 2, 0, 0, 1]);
        assert_eq!(after.captured(Side::North), 2);
    }

    #[test]
    fn counts_with_an_empty_opposite_capture_are_refused() {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\ncounts = [1]\ntake_sower = true\nempty_opposite = true\n";
        let err = Rules::from_toml("x", text, "x.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("capture.counts"), "{err}");
    }
}

#[cfg(test)]
mod any_row {
    use super::*;
    use crate::notation;

    fn rules(extra: &str) -> Rules {
        let text = format!(
            "name = \"N\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 1\nstores = true\n\
             [sowing]\nstart = \"next\"\n[moves]\n{extra}\n"
        );
        Rules::from_toml("n", &text, "n.toml").unwrap()
    }

    #[test]
    fn a_player_moves_from_the_opponents_row_too() {
        let r = rules("any_row = true");
        // South's row is empty: South plays North's a, sowing on into b and c.
        let pos = r
            .position(&[0, 0, 0, 2, 0, 4], [0, 0], Side::South, 2)
            .unwrap();
        let labels: Vec<String> = r
            .legal_moves(&pos)
            .iter()
            .map(|m| notation::move_label(&r, m))
            .collect();
        assert_eq!(labels, ["a", "c"]);
        let after = r.play(&pos, Move::Sow(3)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 0, 0, 0, 1, 5]);
        assert_eq!(after.to_move(), Side::North);
        // Without the option South has no move.
        let plain = rules("");
        let pos = plain
            .position(&[0, 0, 0, 2, 0, 4], [0, 0], Side::South, 2)
            .unwrap();
        assert!(plain.legal_moves(&pos).is_empty());
        assert_ne!(r.play_fingerprint(), plain.play_fingerprint());
    }

    #[test]
    fn moves_from_either_row_refuse_must_feed() {
        let text = "name = \"N\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 1\n[sowing]\nstart = \"next\"\n[moves]\nany_row = true\nmust_feed = true\n";
        let err = Rules::from_toml("n", text, "n.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("moves.any_row"), "{err}");
    }
}
