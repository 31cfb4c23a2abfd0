//! Tests of the search and the players on hand-built and found positions.

use mancala_core::{EndReason, Game, Move, Rules, Side, value_for};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::{Evaluator, WIN};
use crate::{Budget, Engine, MctsBudget, Player, PlayerSpec, analyze, mcts_search};

/// A game from a position given as text.
fn game_at(id: &str, text: &str) -> Game {
    let rules = Rules::builtin(id).unwrap();
    let pos = rules.position_from_text(text).unwrap();
    Game::from_position(rules, pos)
}

fn label(game: &Game, mv: Move) -> String {
    mancala_core::notation::move_label(game.rules(), mv)
}

/// The value of `mv` by playing it on a copy of the game: the game's
/// outcome for the mover if the move ends it.
fn outcome_after(game: &Game, mv: Move) -> Option<mancala_core::Outcome> {
    let mut g = game.clone();
    g.play(mv).unwrap();
    g.outcome().copied()
}

/// Plain minimax over [`Game`] (cloned at every move): slow, obviously
/// right, and the reference the search must agree with.
fn reference(game: &Game, eval: &Evaluator, depth: u32, ply: usize) -> i32 {
    if let Some(o) = game.outcome() {
        return eval.outcome(o, game.position().to_move(), ply);
    }
    if depth == 0 {
        return eval.static_eval(game.position());
    }
    (0..game.successors().len())
        .map(|i| {
            let mut g = game.clone();
            g.play_index(i);
            value_for(
                game.position().to_move(),
                g.position().to_move(),
                reference(&g, eval, depth - 1, ply + 1),
            )
        })
        .max()
        .unwrap()
}

/// Random positions of a game: the games played at random, sampled.
/// Whether the built-in game `id` is played on three or four rows. Such a
/// board has up to twice the moves of a two-row one (directions count) and
/// each is sown through long relays, so the tests that search every game
/// search those shallower, to take about as long as on two rows.
fn multi_row(id: &str) -> bool {
    Rules::builtin(id).unwrap().rows() > 2
}

fn random_positions(id: &str, seed: u64, count: usize) -> Vec<Game> {
    let rules = Rules::builtin(id).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(rules.clone());
        let stop = rng.random_range(0..60);
        for _ in 0..stop {
            if game.is_over() {
                break;
            }
            let n = game.successors().len();
            game.play_index(rng.random_range(0..n));
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

/// Without a transposition table, the analysis value of every move equals
/// plain minimax over `Game`: the search's end checks, repetition history,
/// pruning and aspiration windows change nothing.
#[test]
fn search_agrees_with_plain_minimax() {
    for id in Rules::builtin_ids() {
        let (depth, count) = match id {
            "oware" => (3, 25),
            _ if multi_row(id) => (2, 8),
            _ => (4, 25),
        };
        for game in random_positions(id, 11, count) {
            let eval = Evaluator::new(game.rules());
            let analysis = Engine::new(0).analyze(&game, &Budget::depth(depth));
            assert_eq!(analysis.depth, depth.min(analysis.depth));
            for m in &analysis.moves {
                let mut g = game.clone();
                g.play(m.mv).unwrap();
                let child_value = reference(&g, &eval, analysis.depth - 1, 1);
                let expect = value_for(
                    game.position().to_move(),
                    g.position().to_move(),
                    child_value,
                );
                assert_eq!(m.value, expect, "{id} {} move {}", game.record(), m.label);
            }
            let best = Engine::new(0).search(&game, &Budget::depth(depth)).unwrap();
            assert_eq!(
                best.value,
                analysis.moves[0].value,
                "{id} {}",
                game.record()
            );
        }
    }
}

/// In a match of rounds the search plays on into the next round, as the
/// game does: positions a few moves before a round's end (Erherhe) are
/// valued as plain minimax over `Game` values them, and the principal
/// variations cross into the next round.
#[test]
fn search_plays_across_rounds() {
    search_crosses_rounds(Rules::builtin("erherhe").unwrap());
}

/// As [`search_plays_across_rounds`] in a territory match (`[rounds]
/// territory`, as StoneShark's NumNum with single laps): the next round's
/// holdings come from the seeds won, and the search follows them.
#[test]
fn search_plays_across_territory_rounds() {
    let text = "name = \"T\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
        [sowing]\nstart = \"next\"\npassing_captures = true\n[moves]\nwhen_none = \"pass\"\n\
        [capture]\nrule = \"counts\"\ncounts = [4]\n\
        [end]\nno_moves = \"last-mover\"\ntoo_few_seeds = 5\nboth_stuck = true\n\
        [rounds]\nterritory = true\nmin_seeds = 11\nstarter = \"loser-else-last-mover\"\n";
    search_crosses_rounds(Rules::from_toml("t", text, "t.toml").unwrap());
}

/// As [`search_plays_across_territory_rounds`] with wegs (StoneShark's
/// Gabata): owned holes made where the opponent plays, raids earning
/// another move (the same player to move again), and each round's first
/// move shifting seeds. The search values every move as minimax over
/// `Game` does, extra turns included.
#[test]
fn search_plays_wegs_raids_and_shifting_openings() {
    let text = "name = \"G\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nstores = true\n\
        [sowing]\nstart = \"next\"\ndirection = \"clockwise\"\n\
        [moves]\nwhen_none = \"pass\"\nextra_turn = \"capture\"\nopening_shift = true\n\
        [owned]\ncount = 4\nraid = 2\nholder = \"opponent\"\n\
        [end]\nboth_stuck = true\n\
        [rounds]\nterritory = true\n";
    search_crosses_rounds(Rules::from_toml("g", text, "g.toml").unwrap());
}

fn search_crosses_rounds(rules: Rules) {
    assert!(rules.has_rounds());
    let mut rng = SmallRng::seed_from_u64(5);
    let mut before_round_end = Vec::new();
    while before_round_end.len() < 12 {
        let mut game = Game::new(rules.clone());
        let mut seen: Vec<Game> = Vec::new();
        while !game.is_over() && game.round() == 1 {
            seen.push(game.clone());
            let n = game.successors().len();
            game.play_index(rng.random_range(0..n));
        }
        if game.round() == 2 {
            // One, two and three moves before the first round's end.
            before_round_end.extend(seen.iter().rev().take(3).cloned());
        }
    }
    let mut crossed = 0;
    for game in &before_round_end {
        let eval = Evaluator::new(game.rules());
        let depth = 4;
        let analysis = Engine::new(0).analyze(game, &Budget::depth(depth));
        for m in &analysis.moves {
            let mut g = game.clone();
            g.play(m.mv).unwrap();
            let expect = value_for(
                game.position().to_move(),
                g.position().to_move(),
                reference(&g, &eval, analysis.depth - 1, 1),
            );
            assert_eq!(m.value, expect, "{} move {}", game.record(), m.label);
            let mut pv = game.clone();
            for &mv in &m.pv_moves {
                pv.play(mv).unwrap();
            }
            crossed += (pv.round() > game.round() && !pv.is_over()) as usize;
        }
        // With a transposition table too, the best move's value stands.
        let best = Engine::new(16).search(game, &Budget::depth(depth)).unwrap();
        assert_eq!(best.value, analysis.moves[0].value, "{}", game.record());
    }
    assert!(crossed > 0, "some principal variation goes into round 2");
}

/// Oware: South has 23 seeds and captures 2 with `F`, which ends the game
/// by majority, 28 to 20. `A` captures nothing.
#[test]
fn finds_a_winning_capture_in_one() {
    let game = game_at(
        "oware",
        "board=3,0,0,0,0,1,1,0,1,0,0,0 to_move=south captured=23,19 ply=40 opened=both",
    );
    let outcome = outcome_after(&game, Move::Sow(5)).expect("F ends the game");
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Majority, Some(Side::South))
    );
    for depth in [1, 2, 5] {
        let r = Engine::default()
            .search(&game, &Budget::depth(depth))
            .unwrap();
        assert_eq!(label(&game, r.best), "F", "depth {depth}");
        assert_eq!(
            r.value,
            2 * (28 - 20),
            "the exact final margin, in half seeds"
        );
    }
    let mut greedy = PlayerSpec::Greedy.build(1, 100).unwrap();
    assert_eq!(label(&game, greedy.choose(&game).mv), "F");
    let r = mcts_search(
        &game,
        &MctsBudget {
            playouts: Some(2000),
            millis: None,
            trees: Some(2),
        },
        3,
    );
    assert_eq!(label(&game, r.best), "F");
}

/// Sadeqa II: positions (found in random games) where some moves empty the
/// opponent's row and win at once and others do not: the search plays a
/// winning one and values it as a win in one.
#[test]
fn finds_a_deprivation_win_in_one() {
    let mut found = 0;
    for game in random_positions("sadeqa-ii", 5, 4000) {
        let me = game.position().to_move();
        let wins: Vec<Move> = game
            .legal_moves()
            .iter()
            .filter(|&mv| outcome_after(&game, mv).is_some_and(|o| o.winner == Some(me)))
            .collect();
        if wins.is_empty() || wins.len() == game.legal_moves().len() {
            continue;
        }
        let r = Engine::new(16).search(&game, &Budget::depth(4)).unwrap();
        assert!(
            wins.contains(&r.best),
            "{}: played {:?}, wins {:?}",
            game.record(),
            r.best,
            wins
        );
        assert_eq!(r.value, WIN - 1, "a win in one ply");
        let o = outcome_after(&game, r.best).unwrap();
        assert_eq!((o.reason, o.winner), (EndReason::NoMoves, Some(me)));
        found += 1;
        if found == 5 {
            break;
        }
    }
    assert!(
        found > 0,
        "no Sadeqa II position with a win in one among the samples"
    );
}

/// Tihbat: a position where the side to move is behind on captures and the
/// best line ends in a repetition (the board is then shared equally), which
/// scores better than every other line. Found by search over random
/// positions; the engine must choose it, and its line must really end in a
/// repetition worth what the search said.
#[test]
fn a_repetition_saves_a_lost_tihbat_position() {
    let mut found = 0;
    let mut through_history = 0;
    for game in random_positions("tihbat", 21, 1500) {
        let pos = *game.position();
        let me = pos.to_move();
        if pos.captured(me) >= pos.captured(me.opponent()) || game.legal_moves().len() < 2 {
            continue;
        }
        let analysis = analyze(&game, &Budget::depth(12));
        let [best, second, ..] = &analysis.moves[..] else {
            continue;
        };
        if best.value <= second.value {
            continue;
        }
        // Play the principal variation out: does it end in a repetition?
        let mut g = game.clone();
        for &mv in &best.pv_moves {
            g.play(mv).unwrap();
        }
        let Some(o) = g.outcome() else { continue };
        if o.reason != EndReason::Repetition {
            continue;
        }
        let eval = Evaluator::new(game.rules());
        let ply = best.pv_moves.len();
        // The line's end valued for the mover at the root, whoever moves last.
        let value = eval.outcome(o, game.position().to_move(), ply);
        assert_eq!(
            best.value,
            value,
            "{}: the line's end is worth what the search says",
            game.record()
        );
        // The engine plays it.
        let mut player = PlayerSpec::AlphaBeta(Budget::depth(12))
            .build(0, 1000)
            .unwrap();
        assert_eq!(player.choose(&game).mv, best.mv, "{}", game.record());
        // Does the repeated position predate the search (the game's history)?
        let mut replay = Game::from_position(game.rules().clone(), *game.start_position());
        let mut before = vec![*replay.position()];
        for &mv in game.moves() {
            replay.play(mv).unwrap();
            before.push(*replay.position());
        }
        if before.iter().any(|p| {
            p.raw_board() == g.position().raw_board() && p.to_move() == g.position().to_move()
        }) {
            through_history += 1;
        }
        found += 1;
        if found >= 6 && through_history > 0 {
            break;
        }
    }
    assert!(found > 0, "no saving repetition found among the samples");
    assert!(
        through_history > 0,
        "no saving repetition of a position from the game's history"
    );
}

/// The same game and budget give the same analysis.
#[test]
fn analysis_is_deterministic() {
    for id in Rules::builtin_ids() {
        for game in random_positions(id, 2, 3) {
            let (depth, nodes) = if multi_row(id) {
                (3, 1_000)
            } else {
                (7, 20_000)
            };
            for budget in [Budget::depth(depth), Budget::nodes(nodes)] {
                let a = analyze(&game, &budget);
                let b = analyze(&game, &budget);
                assert_eq!(a.moves, b.moves, "{id}");
                assert_eq!(
                    (a.depth, a.nodes, a.solved),
                    (b.depth, b.nodes, b.solved),
                    "{id}"
                );
                assert_eq!(a.moves.len(), game.legal_moves().len());
                assert!(a.moves.windows(2).all(|w| w[0].value >= w[1].value));
                for m in &a.moves {
                    assert_eq!(m.pv_moves[0], m.mv);
                    // Every principal variation is a legal line.
                    let mut g = game.clone();
                    for &mv in &m.pv_moves {
                        g.play(mv).unwrap();
                    }
                }
            }
        }
    }
}

/// Seeded players with deterministic budgets repeat their games.
#[test]
fn players_are_deterministic_for_a_seed() {
    let rules = Rules::builtin("modiar").unwrap();
    for spec in [
        "random",
        "greedy",
        "alphabeta:nodes=3000",
        "mcts:playouts=300",
        "ai:5",
    ] {
        let spec: PlayerSpec = spec.parse().unwrap();
        let play = || {
            let mut players: Vec<Box<dyn Player>> =
                vec![spec.build(7, 1000).unwrap(), spec.build(8, 1000).unwrap()];
            let mut game = Game::new(rules.clone());
            while !game.is_over() {
                let side = game.position().to_move().index();
                let mv = players[side].choose(&game).mv;
                game.play(mv).unwrap();
            }
            game.record()
        };
        assert_eq!(play(), play(), "{spec}");
    }
}

/// Every level and MCTS play whole games of every built-in game. MCTS
/// plays out 50 random games a move: what is checked (legal moves to the
/// end of the game) does not depend on how many, and those playouts were
/// nearly all of the test's time. Multi-row games are played for their
/// first 20 plies, MCTS playing out two games a move: a match of Gabata's
/// rounds runs to thousands of plies, a random game of Igisoro takes a
/// second (each of MCTS's playouts), and what is checked is the same on
/// every ply.
#[test]
fn ai9_and_mcts_play_every_builtin_game() {
    for id in Rules::builtin_ids() {
        let rules = Rules::builtin(id).unwrap();
        let (plies, mcts, timed_mcts) = if multi_row(id) {
            (20, "mcts:playouts=2", "mcts:playouts=2")
        } else {
            (usize::MAX, "mcts:playouts=50", "mcts:ms=5")
        };
        for (south, north) in [("ai:9", mcts), (timed_mcts, "ai:9")] {
            let mut players =
                [south, north].map(|s| s.parse::<PlayerSpec>().unwrap().build(3, 5).unwrap());
            let mut game = Game::new(rules.clone());
            for _ in 0..plies {
                if game.is_over() {
                    break;
                }
                let side = game.position().to_move().index();
                let choice = players[side].choose(&game);
                assert!(game.legal_moves().contains(choice.mv));
                game.play(choice.mv).unwrap();
            }
        }
        for k in 1..=8 {
            let mut p = crate::ai_level(k, 5).build(1, 5).unwrap();
            let game = Game::new(rules.clone());
            assert!(game.legal_moves().contains(p.choose(&game).mv));
        }
    }
}

/// A node budget stops the search, and a time budget too.
#[test]
fn budgets_are_respected() {
    let game = Game::new(Rules::builtin("oware").unwrap());
    let r = Engine::default()
        .search(&game, &Budget::nodes(5_000))
        .unwrap();
    assert!(r.nodes <= 5_001 && r.depth >= 1, "{r:?}");
    let start = std::time::Instant::now();
    let r = Engine::default()
        .search(&game, &Budget::millis(50))
        .unwrap();
    assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
    assert!(r.depth >= 2);
    let r = Engine::default().search(&game, &Budget::depth(3)).unwrap();
    assert_eq!(r.depth, 3);
    assert_eq!(r.pv.len(), 3);
}

/// The search agrees with the retrograde solver's values of the opening
/// (docs/solutions.md): in Tihbat both opening moves lose by 2 seeds.
#[test]
fn tihbat_opening_matches_the_solved_values() {
    let game = Game::new(Rules::builtin("tihbat").unwrap());
    let a = analyze(&game, &Budget::depth(30));
    let values: Vec<(String, i32)> = a.moves.iter().map(|m| (m.label.clone(), m.value)).collect();
    assert_eq!(
        values,
        [("A".to_string(), -4), ("B".to_string(), -4)],
        "half seeds"
    );
}

/// The same for Modiar: `C` loses by 2, `B` by 4, `A` by 18. About a
/// second in a release build: `cargo test --release -p mancala-ai -- --ignored`.
#[test]
#[ignore = "slow without optimisations"]
fn modiar_opening_matches_the_solved_values() {
    let game = Game::new(Rules::builtin("modiar").unwrap());
    let a = analyze(&game, &Budget::depth(40));
    let values: Vec<(String, i32)> = a.moves.iter().map(|m| (m.label.clone(), m.value)).collect();
    assert_eq!(
        values,
        [
            ("C".to_string(), -4),
            ("B".to_string(), -8),
            ("A".to_string(), -36)
        ],
        "half seeds"
    );
}

/// The result (-1, 0, 1) for the player to move at a live Tihbat position,
/// from the solved database.
fn tihbat_class(db: &mancala_solver::Database, game: &Game) -> i32 {
    db.final_margin(game.position()).unwrap().signum()
}

/// A swindle never gives away the result it has: in positions from random
/// Tihbat games, the move it picks keeps the database's result, and it
/// keeps quiet where the player to move wins.
#[test]
fn a_swindle_keeps_the_result() {
    use crate::swindle::{Oracle, Swindle};
    let rules = Rules::builtin("tihbat").unwrap();
    let db = mancala_solver::solve(&rules, false).unwrap();
    let mut engine = Engine::new(12);
    let mut swindles = 0;
    for game in random_positions("tihbat", 7, 300) {
        let have = tihbat_class(&db, &game);
        let prefer = game.successors()[0].mv;
        let mut oracle = Oracle::for_rules(game.rules(), &mut engine, 8);
        let Some((mv, chance)) = Swindle::best(&mut oracle, &game, prefer, None, 4) else {
            continue;
        };
        swindles += 1;
        assert!(have <= 0, "a won position was swindled: {}", game.record());
        assert!(chance > 0.0 && chance <= 1.0);
        let mut after = game.clone();
        after.play(mv).unwrap();
        let keeps = match after.outcome() {
            Some(o) => o.winner.map_or(0, |w| {
                if w == game.position().to_move() {
                    1
                } else {
                    -1
                }
            }),
            None => -tihbat_class(&db, &after),
        };
        assert!(
            keeps >= have,
            "{} gave {have} away with {}",
            game.record(),
            label(&game, mv)
        );
    }
    assert!(swindles > 50, "only {swindles} swindles");
}

/// One opponent move ahead, a move's chance is the share of the opponent's
/// replies after which the result improves: checked by counting them at
/// Tihbat's opening, which South loses by 2 (both moves).
#[test]
fn a_swindle_one_move_deep_counts_mistakes() {
    use crate::swindle::{Oracle, Swindle};
    let rules = Rules::builtin("tihbat").unwrap();
    let db = mancala_solver::solve(&rules, false).unwrap();
    let game = Game::new(rules.clone());
    assert_eq!(tihbat_class(&db, &game), -1);
    let share = |mv: Move| {
        let mut after = game.clone();
        after.play(mv).unwrap();
        let replies = after.successors().len();
        let mistakes = (0..replies)
            .filter(|&i| {
                let mut g = after.clone();
                g.play_index(i);
                match g.outcome() {
                    Some(o) => o.winner != Some(Side::North),
                    None => {
                        tihbat_class(&db, &g)
                            * if g.position().to_move() == Side::South {
                                1
                            } else {
                                -1
                            }
                            >= 0
                    }
                }
            })
            .count();
        mistakes as f64 / replies as f64
    };
    let best = game.legal_moves().iter().map(share).fold(0.0, f64::max);
    let mut engine = Engine::new(12);
    let mut oracle = Oracle::for_rules(&rules, &mut engine, 8);
    let (mv, chance) = Swindle::best(&mut oracle, &game, game.successors()[0].mv, None, 1).unwrap();
    assert_eq!(chance, best);
    assert_eq!(share(mv), best);
    // Looking further only finds more chances, and from the opening a
    // random North almost never finds the win.
    let mut last = chance;
    for horizon in [2, 4, 8, 12] {
        let (_, chance) =
            Swindle::best(&mut oracle, &game, game.successors()[0].mv, None, horizon).unwrap();
        assert!(chance >= last, "horizon {horizon}: {chance} < {last}");
        last = chance;
    }
    assert!(last > 0.999, "{last}");
}

/// Without a database (Modiar here), the swindle keeps the searched value:
/// the move it picks is one of the best of an analysis one ply deeper than
/// its searches.
#[test]
fn a_search_swindle_keeps_the_searched_value() {
    use crate::swindle::{Oracle, Swindle};
    let mut checked = 0;
    for game in random_positions("modiar", 3, 40) {
        let analysis = analyze(&game, &Budget::depth(7));
        if analysis.moves[0].value > 0 {
            continue;
        }
        let mut engine = Engine::new(16);
        let mut oracle = Oracle::Search(&mut engine, 6);
        let Some((mv, _)) = Swindle::best(&mut oracle, &game, analysis.moves[0].mv, None, 2) else {
            continue;
        };
        let value = analysis.moves.iter().find(|m| m.mv == mv).unwrap().value;
        assert_eq!(
            value,
            analysis.moves[0].value,
            "{}: {}",
            game.record(),
            label(&game, mv)
        );
        checked += 1;
    }
    assert!(checked > 5, "only {checked} positions");
}

/// A timed search on two threads plays a legal move in about its time,
/// at least two plies deep; a depth or node budget ignores the threads, so
/// that it stays deterministic (the same move, value and nodes as on one).
#[test]
fn two_threads_keep_the_time_and_deterministic_budgets_stay_single() {
    for game in random_positions("oware", 21, 4) {
        let start = std::time::Instant::now();
        let r = Engine::default()
            .search(&game, &Budget::millis(150).with_threads(2))
            .unwrap();
        // Generous: a loaded test machine may be slow to stop the threads.
        assert!(start.elapsed().as_millis() < 5_000, "{:?}", start.elapsed());
        assert!(game.legal_moves().contains(r.best));
        assert_eq!(r.pv[0], r.best);
        assert!(r.depth >= 2 || r.solved, "{r:?}");
        for budget in [Budget::depth(6), Budget::nodes(20_000)] {
            let one = Engine::default().search(&game, &budget).unwrap();
            let two = Engine::default()
                .search(&game, &budget.with_threads(2))
                .unwrap();
            assert_eq!(
                (one.best, one.value, one.nodes, one.pv),
                (two.best, two.value, two.nodes, two.pv)
            );
        }
    }
}

/// Sets `stop` after `after`, from another thread.
fn stop_later(after: std::time::Duration) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::spawn(move || {
        std::thread::sleep(after);
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    stop
}

#[test]
fn a_stop_flag_ends_searches_analyses_and_mcts_early() {
    // Budgets that would run for hours: each call must come back soon
    // after the flag is set, with a move from the iterations it finished.
    let game = Game::new(Rules::builtin("oware").unwrap());
    let deep = Budget::depth(40);
    let stop = stop_later(std::time::Duration::from_millis(50));
    let r = Engine::new(16)
        .with_stop(stop)
        .search(&game, &deep)
        .unwrap();
    assert!(r.depth < 40 && !r.solved, "depth {}", r.depth);
    assert!(game.legal_moves().iter().any(|m| m == r.best));

    let stop = stop_later(std::time::Duration::from_millis(50));
    let a = Engine::new(16).with_stop(stop).analyze(&game, &deep);
    assert!(a.depth >= 1 && a.depth < 40, "depth {}", a.depth);
    assert_eq!(a.moves.len(), game.legal_moves().len());

    let stop = stop_later(std::time::Duration::from_millis(50));
    let budget = MctsBudget {
        playouts: Some(u64::MAX / 2),
        millis: None,
        trees: Some(2),
    };
    let m = crate::mcts_search_with_stop(&game, &budget, 1, Some(&stop));
    assert!(m.playouts >= 2 && m.playouts < u64::MAX / 4);

    // A player keeps its flag from move to move; ai:9 with an hour a move.
    let stop = stop_later(std::time::Duration::from_millis(50));
    let mut player = PlayerSpec::Ai(9).build(1, 3_600_000).unwrap();
    player.set_stop(stop);
    let choice = player.choose(&game);
    assert!(game.legal_moves().iter().any(|m| m == choice.mv));
}

#[test]
fn a_cancelled_match_abandons_the_games_under_way() {
    let rules = Rules::builtin("oware").unwrap();
    let settings = crate::MatchSettings {
        games: 4,
        seed: 1,
        time_ms: 3_600_000,
        ..Default::default()
    };
    let stop = stop_later(std::time::Duration::from_millis(50));
    let mut reported = 0;
    let report = crate::play_match_cancellable(
        &rules,
        &PlayerSpec::Ai(9),
        &PlayerSpec::Random,
        &settings,
        &stop,
        &mut |_| reported += 1,
    )
    .unwrap();
    assert!(report.interrupted);
    assert_eq!(report.games, 0);
    assert_eq!(reported, 0);
}
