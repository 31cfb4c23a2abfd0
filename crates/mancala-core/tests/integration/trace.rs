//! The sowing trace ([`Rules::play_traced`]) tells exactly what the engine
//! did: replayed onto the position a move was played from, it gives the
//! engine's board, stores, removed seeds and hole owners, for every move of
//! random games of every built-in game (and of each sown the other way and
//! with a direction chosen by move), and of rule files for the mechanisms no
//! built-in game has. The test also counts the mechanisms it met, so that a
//! change to the catalogue cannot quietly leave one unchecked.

use std::collections::HashSet;

use mancala_core::spec::Direction;
use mancala_core::{Game, Kept, Move, Place, Position, Rules, Side, SowEvent, SowTrace, notation};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Random games played per rule set.
const GAMES: u32 = 12;
/// Plies looked at per game.
const PLIES: u32 = 400;

/// What the traces met, to prove each mechanism was checked.
#[derive(Default)]
struct Seen {
    kinds: HashSet<&'static str>,
    moves: u64,
}

impl Seen {
    fn note(&mut self, trace: &SowTrace, pos: &Position) {
        self.moves += 1;
        if trace.laps() > 1 {
            self.kinds.insert("relay");
        }
        if matches!(
            trace.mv,
            Move::SowClockwise(_) | Move::SowCounterClockwise(_)
        ) {
            self.kinds.insert("chosen direction");
        }
        if trace.extra_turn {
            self.kinds.insert("extra turn");
        }
        if trace.endless {
            self.kinds.insert("endless");
        }
        if pos.blocked_mask() != 0 {
            self.kinds.insert("blocked holes");
        }
        let mut sowing = false;
        for (i, e) in trace.events.iter().enumerate() {
            match e {
                SowEvent::Sow(Place::Store(_)) => {
                    self.kinds.insert("store in the ring");
                }
                SowEvent::Sow(Place::Hole(_)) => sowing = true,
                SowEvent::Take { .. } => {
                    // A take followed by more sowing is a capture while sowing.
                    let later = trace.events[i..]
                        .iter()
                        .any(|e| matches!(e, SowEvent::Sow(_)));
                    self.kinds.insert(if later {
                        "capture while sowing"
                    } else {
                        "capture"
                    });
                }
                SowEvent::Keep {
                    to: Kept::Removed, ..
                } => {
                    self.kinds.insert("removed");
                }
                SowEvent::Keep {
                    to: Kept::Hole(_), ..
                } => {
                    self.kinds.insert("into an owned hole");
                }
                SowEvent::Keep { to: Kept::Hand, .. } => {
                    self.kinds.insert("taken seeds sown on");
                }
                SowEvent::Own { .. } => {
                    self.kinds.insert("owned hole made");
                }
                _ => {}
            }
        }
        if sowing && (pos.owned_mask(Side::South) | pos.owned_mask(Side::North)) != 0 {
            self.kinds.insert("sowing past owned holes");
        }
    }
}

/// Plays `mv` from `pos` traced, and checks the trace against the engine.
fn check(rules: &Rules, pos: &Position, mv: Move, seen: &mut Seen) {
    let (after, trace) = rules.play_traced(pos, mv).unwrap();
    let label = notation::move_label(rules, mv);
    let at = || format!("{} {label} from {pos:?}", rules.id());
    assert_eq!(after, rules.play(pos, mv).unwrap(), "{}", at());
    assert_eq!((trace.mv, trace.mover), (mv, pos.to_move()), "{}", at());
    assert!(!trace.truncated, "{}", at());
    assert_eq!(
        trace.extra_turn,
        mv != Move::Pass && after.to_move() == pos.to_move(),
        "{}",
        at()
    );
    let holes = rules.holes();
    let replayed = trace
        .replay(rules, pos)
        .unwrap_or_else(|| panic!("{}: the trace does not fit the board: {trace:?}", at()));
    assert_eq!(
        replayed.board,
        after.raw_board()[..holes],
        "{}: {trace:?}",
        at()
    );
    for side in Side::BOTH {
        assert_eq!(
            replayed.captured[side.index()],
            after.captured(side),
            "{}",
            at()
        );
        assert_eq!(
            replayed.removed[side.index()],
            after.removed(side),
            "{}",
            at()
        );
    }
    let owners: Vec<_> = (0..holes).map(|h| after.hole_owner(h)).collect();
    assert_eq!(replayed.owners, owners, "{}", at());
    assert!(replayed.matches(rules, &after), "{}", at());
    if let Some(hole) = mv.taken_hole() {
        // A hole taken by choice: taken whole, nothing sown.
        assert!(
            matches!(trace.events.first(), Some(SowEvent::Take { hole: h, .. }) if *h == hole),
            "{}: {trace:?}",
            at()
        );
        assert!(
            !trace
                .events
                .iter()
                .any(|e| matches!(e, SowEvent::Sow(_) | SowEvent::Lift { .. })),
            "{}: {trace:?}",
            at()
        );
        seen.note(&trace, pos);
        return;
    }
    match (mv.hole(), trace.endless) {
        (None, _) | (_, true) => assert!(trace.events.is_empty(), "{}", at()),
        (Some(hole), false) => {
            // The move's own hole is lifted first, whole.
            assert_eq!(
                trace.events[0],
                SowEvent::Lift {
                    hole,
                    seeds: pos.seeds(hole)
                },
                "{}",
                at()
            );
            // A seed never falls into a hole out of play.
            for e in &trace.events {
                if let SowEvent::Sow(Place::Hole(h)) = e {
                    assert_eq!(pos.blocked_mask() & (1 << h), 0, "{}", at());
                }
            }
            // Each relay lap lifts the hole the lap before ended in (a
            // relay from the next hole lifts the one after it).
            // A lap that captured goes on from the hole after the one it
            // took: never from the emptied hole, never with nothing lifted.
            let mut last = None;
            let mut taken = None;
            for e in &trace.events {
                match *e {
                    SowEvent::Sow(place) => {
                        last = Some(place);
                        taken = None;
                    }
                    SowEvent::Take { hole, .. } => taken = Some(hole),
                    SowEvent::Lift { hole, seeds } if taken.is_some() => {
                        assert_ne!(taken, Some(hole), "{}", at());
                        assert!(seeds > 0, "{}", at());
                    }
                    SowEvent::Lift { hole, .. }
                        if last.is_some() && !rules.spec().sowing.relay_from_next =>
                    {
                        assert_eq!(last, Some(Place::Hole(hole)), "{}", at())
                    }
                    _ => {}
                }
            }
        }
    }
    seen.note(&trace, pos);
}

/// Random games of `rules`: every legal move of every position checked
/// (four-row moves too, told lap by lap by `rings/trace.rs`).
fn random_games(rules: &Rules, seen: &mut Seen, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    // Traces are what is checked here, not the proof that a sowing never
    // ends, which can take a billion laps on four rows: relays are capped
    // as in a search.
    let _laps = mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS);
    for _ in 0..GAMES {
        game.restart();
        let mut plies = 0;
        while !game.is_over() && plies < PLIES {
            let pos = *game.position();
            for child in game.successors() {
                check(rules, &pos, child.mv, seen);
            }
            let n = game.successors().len();
            game.play_index(rng.random_range(0..n));
            plies += 1;
        }
    }
}

#[test]
fn every_traced_move_of_every_builtin_game_replays_to_the_engines_position() {
    let mut seen = Seen::default();
    let mut count = 0;
    for (i, id) in Rules::builtin_ids().enumerate() {
        let rules = Rules::builtin(id).unwrap();
        // Namua moves (a seed from the hand first) are not told step by
        // step: their trace is empty, and the page shows the position.
        if rules.has_hand() {
            continue;
        }
        random_games(&rules, &mut seen, i as u64);
        // The same game sown the other way, and with the direction chosen
        // by the mover (where its rules allow it).
        for direction in [Direction::Clockwise, Direction::Chosen] {
            let mut spec = rules.spec().clone();
            spec.sowing.direction = direction;
            if let Ok(r) = Rules::compile(&format!("{id}-{direction:?}"), spec) {
                random_games(&r, &mut seen, 1000 + i as u64);
            }
        }
        count += 1;
    }
    assert!(count >= 30, "only {count} built-in games");
    for kind in [
        "relay",
        "chosen direction",
        "extra turn",
        "store in the ring",
        "capture",
        "capture while sowing",
        "blocked holes",
        "taken seeds sown on",
    ] {
        assert!(
            seen.kinds.contains(kind),
            "no {kind} met in {} moves",
            seen.moves
        );
    }
}

/// Four holes a row, with `[owned]` options: owned holes made, raided,
/// sown past, and captures kept in them.
#[test]
fn owned_holes_are_traced() {
    let games = [
        // Toguz Kumalak's tuzdik, scaled down.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"origin\"\nsingle_to_next = true\n\
         [capture]\nrule = \"counts\"\ncounts = [2, 4, 6, 8, 10, 12, 14, 16]\nlast_hole_in = \"opponent\"\n\
         [owned]\ncount = 3\nper_player = 1\nrow = \"opponent\"\nplaces = \"not-opponent-last\"\nnot_mirror = true\n",
        // Raids of two.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"next\"\n\
         [capture]\nrule = \"none\"\n[owned]\ncount = 4\nraid = 2\n",
        // Pairs across the board.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"next\"\n\
         [capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\n[owned]\ncount = 3\nmake = \"pair-opposite\"\nrow = \"own\"\n",
        // Owned from the start, sown past, captures kept in them.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n[owned]\ncount = 0\nraid = 2\n\
         at_start = \"rightmost\"\nsow_past = \"opponent-but-last\"\ncaptures_into = true\n",
    ];
    let mut seen = Seen::default();
    for (i, body) in games.iter().enumerate() {
        let text = format!("name = \"T\"\n{body}");
        let rules = Rules::from_toml("t", &text, "t.toml").unwrap();
        random_games(&rules, &mut seen, 77 + i as u64);
    }
    for kind in [
        "owned hole made",
        "into an owned hole",
        "sowing past owned holes",
        "capture",
    ] {
        assert!(
            seen.kinds.contains(kind),
            "no {kind} met in {} moves",
            seen.moves
        );
    }
}

/// Relays that stop where they capture, end in stores, pass over their
/// origin, sow around their own row only; captures removed from the game.
#[test]
fn other_sowing_rules_are_traced() {
    let games = [
        "[board]\nholes_per_row = 5\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         into_own_store = true\nendless = \"draw\"\n[capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\n",
        "[board]\nholes_per_row = 6\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\nskip_origin = true\n\
         relay_stops_at_capture = true\nendless = \"draw\"\n[capture]\nrule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\n",
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\nown_row = true\n\
         [capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\nseeds_go_to = \"removed\"\n",
        // Both stores in the ring, the direction chosen by move, an extra
        // turn in either store.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\ndirection = \"chosen\"\n\
         into_own_store = true\ninto_opponent_store = true\n[moves]\nextra_turn = \"store\"\nextra_turn_opponent_store = true\n\
         [capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\n",
        // A relay going on only from some counts; grand slams leave a hole.
        "[board]\nholes_per_row = 5\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         relay_counts = [4, 5, 6, 7]\nrelay_stops_at_capture = true\nendless = \"draw\"\n\
         [capture]\nrule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"\ngrand_slam_leaves = \"rightmost\"\n",
        // Both stores sown, a last seed in the opponent's taking it.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\n\
         into_own_store = true\ninto_opponent_store = true\n[moves]\nextra_turn = \"store\"\n\
         [capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\nopponent_store = true\n",
        // A relay going on only from the mover's row, a store lost.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         relay_from = \"own\"\ninto_own_store = true\nendless = \"draw\"\n[moves]\nextra_turn = \"store\"\n\
         [capture]\nstore_lost_in = \"opponent\"\n",
        // A single seed takes the hole facing it.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\nsingle_takes_facing = true\n\
         [capture]\nrule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\n",
        // Each lap keeps its first seed.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         lap_keeps_one = true\n[moves]\nmin_seeds = 2\n[capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\n",
        // Holes taken while sowing only in the opponent's row, by the mover,
        // not before captures are allowed.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\npassing_captures = true\n\
         passing_from = \"opponent\"\npassing_to_mover = true\n[capture]\nrule = \"counts\"\ncounts = [3]\non_opening = false\n",
        // Relay laps capturing by count; the first moves of fixed direction,
        // every move legal when none feeds.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\nlap_captures = true\n\
         endless = \"draw\"\ndirection = \"chosen\"\nfirst_moves_direction = \"clockwise\"\n\
         [moves]\nmust_feed = true\nfeed_else_any = true\nwhen_none = \"pass\"\n[capture]\nrule = \"counts\"\ncounts = [2, 4]\n",
        // A territory match: feeding, captures and chains judged on the holes
        // each player owns, the partly filled hole left empty to the loser.
        "[board]\nholes_per_row = 4\nseeds_per_hole = 3\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         lap_captures = true\nendless = \"draw\"\n[moves]\nmust_feed = true\nfeed_else_any = true\nwhen_none = \"pass\"\n\
         [capture]\nrule = \"counts\"\ncounts = [3]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"\n\
         [end]\ntoo_few_seeds = 4\nboth_stuck = true\n\
         [rounds]\nterritory = true\npartial_hole = \"loser-empty\"\nstarter = \"winner-else-not-last-mover\"\n",
        // A relay passing over the opponent's holes of two (not on the
        // first move), holes of two played last, every counted hole taken
        // with a cross capture (Lami's rules, in rounds).
        "[board]\nholes_per_row = 5\nseeds_per_hole = 2\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         skip_opponent_count = 2\nskip_not_on_opening = true\nendless = \"draw\"\n\
         [moves]\nlast_resort_count = 2\nopening = \"first-two-rightmost\"\n\
         [capture]\nrule = \"opposite\"\ncounts = [2]\nlast_hole_in = \"own\"\ntake_counted = true\n\
         [rounds]\nfill = \"left\"\nstarter = \"loser\"\n",
        // Clockwise with the stores on their owners' right, in rounds
        // (Lagerung's rules); rams.
        "[board]\nholes_per_row = 5\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         direction = \"clockwise\"\ninto_own_store = true\nstores_on_right = true\nendless = \"draw\"\n\
         [moves]\nextra_turn = \"store\"\n[capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\ntake_sower = true\nempty_opposite = true\n\
         [rounds]\nfill = \"left\"\nstarter = \"loser-else-last-mover\"\n",
        "[board]\nholes_per_row = 5\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"next\"\ninto_own_store = true\n\
         [moves]\nextra_turn = \"store\"\nrams = true\n[capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\ntake_sower = true\n\
         [end]\nopponent_row_empty = true\n",
        // A relay from the next hole going on from the mover's store and
        // stopping where its last seed captures across (CrossCapt Eight).
        "[board]\nholes_per_row = 5\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"next\"\nlaps = \"relay\"\n\
         relay_from_next = true\ninto_own_store = true\nrelay_from_store = true\nrelay_stops_at_capture = true\nendless = \"draw\"\n\
         [moves]\nextra_turn = \"store\"\n[capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\ntake_sower = true\n\
         [end]\nmover_row_empty = true\nno_moves = \"last-mover\"\n",
        // A grand slam earning another move, single seeds played last.
        "[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n[sowing]\nstart = \"next\"\nskip_origin = true\n\
         [moves]\nmust_feed = true\nlast_resort_count = 1\n\
         [capture]\nrule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"\ngrand_slam = \"extra-turn\"\n",
    ];
    let mut seen = Seen::default();
    for (i, body) in games.iter().enumerate() {
        let text = format!("name = \"T\"\n{body}");
        let rules =
            Rules::from_toml("t", &text, "t.toml").unwrap_or_else(|e| panic!("rule file {i}: {e}"));
        random_games(&rules, &mut seen, 300 + i as u64);
    }
    for kind in ["relay", "store in the ring", "capture", "removed"] {
        assert!(
            seen.kinds.contains(kind),
            "no {kind} met in {} moves",
            seen.moves
        );
    }
}

/// The trace of a hand-checked Kalah move: the store is sown in the ring and
/// the last seed, in an empty hole of the mover's, takes the opposite hole.
#[test]
fn a_kalah_capture_step_by_step() {
    let rules = Rules::builtin("kalah").unwrap();
    // South's B (2 seeds) sows C and D; D was empty, d facing it holds 5.
    let mut board = [0u8; 12];
    board[1] = 2;
    board[5] = 1;
    board[8] = 5;
    board[11] = 40;
    let pos = rules.position(&board, [0, 0], Side::South, 10).unwrap();
    let (after, trace) = rules.play_traced(&pos, Move::Sow(1)).unwrap();
    let events = &trace.events;
    assert_eq!(events[0], SowEvent::Lift { hole: 1, seeds: 2 });
    assert_eq!(events[1], SowEvent::Sow(Place::Hole(2)));
    assert_eq!(events[2], SowEvent::Sow(Place::Hole(3)));
    // Kalah takes the opposite hole and the capturing seed.
    let taken: u32 = events
        .iter()
        .filter_map(|e| match e {
            SowEvent::Take { seeds, .. } => Some(*seeds as u32),
            _ => None,
        })
        .sum();
    assert!(
        events.contains(&SowEvent::Take { hole: 8, seeds: 5 }),
        "{events:?}"
    );
    assert_eq!(
        events.last(),
        Some(&SowEvent::Keep {
            side: Side::South,
            seeds: taken as u8,
            to: Kept::Captured
        })
    );
    assert_eq!(after.captured(Side::South), taken);
    assert!(!trace.extra_turn);
    assert_eq!(trace.last_place(), Some(Place::Hole(3)));
}
