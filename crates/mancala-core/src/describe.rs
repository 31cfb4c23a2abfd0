//! Rules in plain English, generated from the rule data (no stored prose),
//! so that what a player reads is always what the engine plays.

use crate::Rules;
use crate::notation::hole_label;
use crate::spec::*;

/// A one-line summary, e.g. "Two-player two-row mancala without stores; 2×3
/// board with single-lap counter-clockwise sowing; first seed sown into
/// origin pit; singletons prohibited from moving; ...".
pub fn summary(rules: &Rules) -> String {
    let s = rules.spec();
    let stores = if s.board.stores {
        "with stores"
    } else {
        "without stores"
    };
    let mut parts = vec![format!("Two-player two-row mancala {stores}")];
    parts.push(format!(
        "2×{} board with {} {} sowing",
        s.board.holes_per_row,
        match s.sowing.laps {
            Laps::Single => "single-lap",
            Laps::Relay => "multi-lap relay",
        },
        direction(s.sowing.direction)
    ));
    parts.push(match s.board.seeds_per_hole {
        1 => "1 seed per hole".to_string(),
        k => format!("{k} seeds per hole"),
    });
    if s.sowing.own_row {
        parts.push("each player sows around their own row only".into());
    }
    if let Some(at) = s.sowing.closes_at {
        parts.push(format!(
            "holes closed by a last seed making {at} in the opponent's row"
        ));
    }
    if s.sowing.into_opponent_store {
        parts.push("seeds sown into both stores".into());
    } else if s.sowing.into_own_store {
        parts.push("seeds sown into the mover's own store".into());
    }
    if s.moves.extra_turn_opponent_store {
        parts.push("extra turn for ending in the opponent's store".into());
    }
    match s.moves.extra_turn {
        ExtraTurn::None => {}
        ExtraTurn::Store => parts.push("extra turn for ending in the own store".into()),
        ExtraTurn::Capture => parts.push("extra turn after a capture".into()),
        ExtraTurn::StoreOrCapture => {
            parts.push("extra turn for ending in the own store or capturing".into())
        }
    }
    match (s.sowing.start, s.sowing.skip_origin) {
        (SowStart::Origin, _) => parts.push("first seed sown into origin pit".into()),
        (SowStart::Next, true) => parts.push("origin pit skipped on laps".into()),
        (SowStart::Next, false) => {}
    }
    match s.moves.min_seeds {
        1 => {}
        2 => parts.push("singletons prohibited from moving".into()),
        k => parts.push(format!(
            "holes with fewer than {} seeds prohibited from moving",
            word(k)
        )),
    }
    if s.moves.opening == Opening::Rightmost {
        parts.push("mandatory rightmost opening move".into());
    }
    if s.moves.single_to_empty {
        parts.push("a single seed moves only into an empty hole".into());
    }
    if s.moves.any_row {
        parts.push("moves from either row".into());
    }
    if s.moves.opening == Opening::FirstRightmost {
        parts.push("the game opens from the first player's rightmost hole".into());
    }
    if s.moves.opening == Opening::RightHalf {
        parts.push("first moves from the right half of the row".into());
    }
    if s.sowing.opening_lands_across {
        parts.push("first moves land in the opponent's row".into());
    }
    if s.moves.opening == Opening::FirstTwoRightmost {
        parts.push("the game opens from one of the first player's two rightmost holes".into());
    }
    if s.moves.rams {
        parts.push("rams".into());
    }
    if s.moves.not_facing_single {
        parts.push("no move facing a single seed".into());
    }
    if s.moves.lands_occupied {
        parts.push("every move lands in an occupied hole".into());
    }
    if s.moves.each_hole_first {
        parts.push("every hole played once before any twice".into());
    }
    if let Some(k) = s.moves.last_resort_count {
        parts.push(format!(
            "holes of {} played only when all are",
            if k == 1 {
                "one seed".to_string()
            } else {
                format!("{} seeds", word(k))
            }
        ));
    }
    if let Some(k) = s.sowing.hole_limit {
        parts.push(format!("no hole sown beyond {} seeds", word(k)));
    }
    if let Some(k) = s.sowing.skip_opponent_count {
        parts.push(format!(
            "sowing passes over the opponent's holes of {}",
            if k == 1 {
                "one seed".to_string()
            } else {
                format!("{} seeds", word(k))
            }
        ));
    }
    if s.board.layout == StartLayout::Gamacha {
        parts.push("Gamacha start layout".into());
    }
    if s.board.layout == StartLayout::Random {
        parts.push("random start layout".into());
    }
    if s.board.layout == StartLayout::TwoOfThree {
        parts.push("two of every three holes filled at the start".into());
    }
    if s.board.layout == StartLayout::LastTwoEmpty {
        parts.push("each row's two rightmost holes empty at the start".into());
    }
    let c = &s.capture;
    match c.rule {
        CaptureRule::None => parts.push("no captures".into()),
        CaptureRule::Counts => {
            let chained = match (c.chain(), c.chain_direction) {
                (Chain::None, _) => "",
                (_, ChainDirection::Against) => "backward-chaining ",
                (_, ChainDirection::Along) => "forward-chaining ",
                (_, ChainDirection::Both) => "two-way chaining ",
            };
            let place = match c.last_hole_in() {
                RowChoice::Any => "",
                RowChoice::Own => " on the mover's own side",
                RowChoice::Opponent => " on the opponent's side",
            };
            let counts = c.counts.as_deref().unwrap_or_default();
            if c.sweep {
                parts.push(format!(
                    "sweeping captures of {} stones from the opponent's row",
                    word_list(counts, "or")
                ));
            } else if c.sweep_board {
                parts.push(format!(
                    "every hole of {} stones captured after each move",
                    word_list(counts, "or")
                ));
            } else {
                parts.push(format!(
                    "{chained}captures of {} stones{place}",
                    word_list(counts, "or")
                ));
            }
        }
        CaptureRule::Opposite => {
            let place = match c.last_hole_in() {
                RowChoice::Any => " from either side of the board",
                RowChoice::Own => " from the mover's own side",
                RowChoice::Opponent => " from the opponent's side",
            };
            let empty = if c.empty_opposite {
                ", even of an empty hole"
            } else {
                ""
            };
            let counted = match c.counts.as_deref() {
                Some(counts) => format!(" of {} stones", word_list(counts, "or")),
                None => String::new(),
            };
            let what = if c.pull_across {
                "opposite-on-empty pulls across"
            } else {
                "opposite-on-empty captures"
            };
            parts.push(format!("{what}{counted}{place}{empty}"));
        }
        CaptureRule::AcrossGap => parts.push(if c.chain() == Chain::None {
            "captures across an empty hole".into()
        } else {
            "chained captures across empty holes".into()
        }),
        CaptureRule::Next => parts.push("captures of the hole after an empty last hole".into()),
        CaptureRule::Match if c.chain() != Chain::None => {
            parts.push("chained captures of holes matching their opposites".into())
        }
        CaptureRule::Match => parts.push("captures of a last hole matching its opposite".into()),
        CaptureRule::NextCounts => parts.push(format!(
            "{}captures of {} stones in the hole after the last",
            if c.chain() == Chain::None {
                ""
            } else {
                "forward-chaining "
            },
            word_list(c.counts.as_deref().unwrap_or_default(), "or")
        )),
    }
    if c.rule != CaptureRule::None && c.seeds_go_to() == Destination::Removed {
        parts.push("captured seeds leave the game".into());
    }
    if c.opening_turns_without == 2 {
        parts.push("no capture on either player's first move".into());
    } else if c.rule != CaptureRule::None && !c.on_opening() {
        parts.push("no capture on the opening move".into());
    }
    if c.not_from_single {
        parts.push("a single seed sown never captures".into());
    }
    let mut restrictions = Vec::new();
    if s.moves.must_feed {
        restrictions.push("mandatory feeding");
    }
    if s.moves.must_leave_seeds {
        restrictions.push("moves must leave the opponent seeds");
    }
    if c.rule != CaptureRule::None {
        match c.grand_slam() {
            GrandSlam::Allowed => {}
            GrandSlam::Forbidden => restrictions.push("grand-slam restriction"),
            GrandSlam::NoCapture => restrictions.push("grand slams capture nothing"),
            GrandSlam::OpponentTakesRow => {
                restrictions.push("a grand slam gives the mover's row to the opponent")
            }
            GrandSlam::ExtraTurn => restrictions.push("a grand slam earns another move"),
        }
    }
    if !restrictions.is_empty() {
        parts.push(restrictions.join(" and "));
    }
    if s.moves.when_none == WhenNone::Pass {
        parts.push("a player with no move passes".into());
    }
    if let Some(o) = &s.owned {
        parts.push(if o.at_start == OwnedStart::Rightmost {
            "each player owns a hole of their row from the start".into()
        } else {
            "holes a move makes the player's own".into()
        });
    }
    if s.rounds.is_some() {
        parts.push("played in rounds".into());
    }
    parts.push(match s.end.result {
        ResultRule::Seeds if s.end.any_row_empty => {
            "the game ends when a row is empty; most seeds wins".into()
        }
        ResultRule::Seeds => "most seeds wins".into(),
        ResultRule::Deprivation if s.end.empty_row_wins => {
            "victory by emptying one's own row".into()
        }
        ResultRule::Deprivation => "victory by leaving the opponent without seeds".into(),
    });
    parts.join("; ") + "."
}

/// The full rules as English paragraphs (several lines, ending with a newline).
pub fn rules_text(rules: &Rules) -> String {
    let s = rules.spec();
    let n = rules.holes_per_row();
    let first = s.board.first_player;
    let mut out = String::new();
    let title = match &s.origin {
        Some(origin) => format!("{} ({origin})", s.name),
        None => s.name.clone(),
    };
    out.push_str(&format!(
        "{title}\n{}\n\n{}\n\n",
        "=".repeat(title.chars().count()),
        summary(rules)
    ));

    let mut section = |heading: &str, lines: Vec<String>| {
        out.push_str(heading);
        out.push('\n');
        for line in lines {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
    };

    section(
        "Board",
        vec![
            {
                let rows = format!(
                    "Two rows of {}, {}",
                    count(n as u32, "hole", "holes"),
                    if s.board.stores {
                        "and a store for each player at the right end of their row"
                    } else {
                        "no stores"
                    }
                );
                let seeds = count(s.board.seeds_per_hole, "seed", "seeds");
                let total = rules.total_seeds();
                match s.board.layout {
                    StartLayout::Uniform => {
                        format!("{rows}; {seeds} in every hole, {total} in all.")
                    }
                    StartLayout::RightmostPlusOne => format!(
                        "{rows}; {seeds} in every hole, and one more in each player's rightmost hole, {total} in all."
                    ),
                    StartLayout::Random => format!(
                        "{rows}; at the start the {total} seeds lie at random: {}the rest split among the holes, every split equally likely.",
                        if s.board.seeds_per_hole >= 2 {
                            "2 in every hole, "
                        } else {
                            ""
                        }
                    ),
                    StartLayout::TwoOfThree => format!(
                        "{rows}; at the start, in every group of three holes of a row counted from its player's left, the first is empty and the other two hold {seeds}, {total} in all."
                    ),
                    StartLayout::LastTwoEmpty => format!(
                        "{rows}; at the start the two rightmost holes of each row (seen from its player's seat) are empty and the others hold {seeds}, {total} in all."
                    ),
                    StartLayout::Gamacha => format!(
                        "{rows}; at the start (Gamacha's layout), counting the holes in sowing order from the first player's leftmost, every second hole from the third holds {seeds}, except that the seeds of the hole opposite hole {} (counted from 0) are moved into it: {total} in all.",
                        1 + 2 * ((n - 1) / 4)
                    ),
                }
            },
            format!(
                "South owns the near row, labelled {} from left to right; North owns the far row, labelled {} from North's left to right.",
                labels(n, 0..n),
                labels(n, n..2 * n)
            ),
            if s.moves.when_none == WhenNone::Pass {
                format!(
                    "{first} moves first. A move is written as the label of the hole it starts from; a pass is written `pass`."
                )
            } else {
                format!(
                    "{first} moves first. A move is written as the label of the hole it starts from."
                )
            },
        ],
    );

    let mut moves = Vec::new();
    moves.push(match (s.moves.min_seeds, s.moves.any_row) {
        (1, false) => "A player moves by lifting all the seeds of any non-empty hole in their own row.".to_string(),
        (k, false) => format!(
            "A player moves by lifting all the seeds of a hole in their own row that holds at least {} seeds; holes with fewer may not be played.",
            word(k)
        ),
        (1, true) => "A player moves by lifting all the seeds of any non-empty hole, in either row: the holes belong to neither player.".to_string(),
        (k, true) => format!(
            "A player moves by lifting all the seeds of a hole, in either row, that holds at least {} seeds; holes with fewer may not be played.",
            word(k)
        ),
    });
    if s.moves.empty_or_across {
        moves.push(format!("A hole may be played only if its sowing's first lap would end in the opponent's row, in a store, or in an empty hole of the player's own row; a hole of more than {} seeds may always be played.", word(n as u32)));
    }
    if s.moves.single_to_empty {
        moves.push(
            "A hole holding a single seed may be played only when the next hole is empty.".into(),
        );
    }
    if s.moves.opening == Opening::FirstRightmost {
        moves.push("The game's first move must start from the first player's rightmost hole; every later move is free.".into());
    }
    if s.moves.opening == Opening::RightHalf {
        let half = |side: usize| {
            let holes: Vec<usize> = (0..2 * n)
                .filter(|&h| rules.right_half[side] & (1 << h) != 0)
                .collect();
            format!(
                "{} to {}",
                hole_label(n, holes[0]),
                hole_label(n, holes[holes.len() - 1])
            )
        };
        moves.push(format!(
            "Each player's first move must start from the right half of their row ({} for South, {} for North) if a hole there may be played{}.",
            half(0),
            half(1),
            if s.moves.empty_or_across {
                ", wherever its first lap ends"
            } else {
                ""
            }
        ));
    }
    if let Some(k) = s.moves.last_resort_count {
        let held = if k == 1 {
            "a single seed".to_string()
        } else {
            format!("exactly {} seeds", word(k))
        };
        moves.push(format!(
            "A hole holding {held} may be played only when every hole the player may play holds as many{}.",
            if s.moves.last_resort_rightmost {
                ", and then only the rightmost of them"
            } else {
                ""
            }
        ));
    }
    if s.sowing.opening_lands_across {
        moves.push("Each player's first move is sown as a single lap, without relaying, and its last seed, were it to fall into the player's own row, goes on to the first hole of the opponent's row.".into());
    }
    if s.moves.not_facing_single {
        moves.push("A hole may not be played while the hole facing it holds a single seed.".into());
    }
    if s.moves.lands_occupied {
        moves.push("A hole may be played only if the last seed of its first lap falls into a hole that already holds seeds.".into());
    }
    if s.moves.each_hole_first {
        moves.push(format!(
            "Until a player has moved from every hole of their row in this {}, they may move only from holes they have not moved from yet; when none of those can be played, they have no move.",
            if s.rounds.is_some() { "round" } else { "game" }
        ));
    }
    if s.moves.rams {
        moves.push("A hole holding at least the seeds that would sow it round the opponent's row and back into its own row is a ram: it may not be played, and its seeds count for nobody when the game ends (a row whose seeds are all in rams counts as empty). A capture may take a ram's seeds; a hole is a ram while it holds that many.".into());
    }
    if s.moves.opening == Opening::FirstTwoRightmost {
        moves.push(format!(
            "The first move of the game{} must start from one of the two rightmost holes the first player may play; every later move is free.",
            if s.rounds.is_some() { " (and of each round)" } else { "" }
        ));
    }
    if s.moves.opening == Opening::Rightmost {
        let right = format!(
            "{} for South, {} for North",
            hole_label(n, rules.layout.rightmost[0] as usize),
            hole_label(n, rules.layout.rightmost[1] as usize)
        );
        moves.push(format!(
            "Each player's first move must start from their rightmost hole ({right})."
        ));
        moves.push(match s.moves.opening_fallback {
            OpeningFallback::Any => {
                "If that hole is empty at that moment, any other hole may be played.".into()
            }
            OpeningFallback::Nearest => {
                "If that hole is empty, the nearest playable hole to its left must be played."
                    .into()
            }
        });
    }
    if s.moves.must_feed && s.rounds.as_ref().is_some_and(|r| r.territory) {
        moves.push("If the holes the opponent owns this round are all empty, only a move that sows at least one seed into one of them may be played.".into());
        if s.moves.feed_after_capture {
            moves.push(
                "Such a move must leave seeds in the opponent's holes after its captures.".into(),
            );
        }
    } else if s.moves.must_feed {
        moves.push("If the opponent's row is empty, only a move that sows at least one seed into it may be played.".into());
        if s.moves.feed_after_capture {
            moves.push(
                "Such a move must leave seeds in the opponent's row after its captures.".into(),
            );
        }
    }
    if s.moves.feed_else_any {
        moves.push("If no move can feed the opponent, any move may be played.".into());
    }
    if s.moves.must_leave_seeds {
        moves.push("If some move leaves the opponent at least one seed in their row (after its captures), only such moves may be played; if none does, any move may be played, captures included.".into());
    }
    match s.moves.extra_turn {
        ExtraTurn::None => {}
        ExtraTurn::Store => moves.push("If the last seed falls into the mover's own store, the mover moves again.".into()),
        ExtraTurn::Capture if s.moves.extra_turn_once => moves.push("A move that captures earns the mover another move, unless it is itself such an extra move.".into()),
        ExtraTurn::Capture => moves.push("A move that captures earns the mover another move.".into()),
        ExtraTurn::StoreOrCapture => moves.push(
            "If the last seed falls into the mover's own store, or the move captures, the mover moves again.".into(),
        ),
    }
    if s.moves.opening_shift {
        moves.push("The first move of the game (and of each round) does not sow: the chosen hole keeps its seeds; going round the board from the next hole, every other hole passes one seed on to the hole after it, the last hole before the chosen one passing its seed to the hole facing the chosen hole, where the move ends as though its last seed fell there.".into());
    }
    if s.moves.extra_turn_opponent_store {
        moves.push(
            "If the last seed falls into the opponent's store, the mover moves again.".into(),
        );
    }
    if s.sowing.laps == Laps::Relay {
        moves.push(match s.sowing.endless {
            Endless::Illegal => "A move whose relay sowing would go on for ever (it returns to a board and hole it was already in) may not be played.".into(),
            Endless::Draw => "A move whose relay sowing would go on for ever may be played, and ends the game in a draw.".into(),
        });
    }
    moves.push(match s.moves.when_none {
        WhenNone::Pass => "A player who has no legal move passes.".into(),
        WhenNone::End if s.end.any_row_empty => {
            "The game ends as soon as a row is empty, so the player to move always has a move."
                .into()
        }
        WhenNone::End => {
            "A player who has no legal move ends the game (see the end of the game).".into()
        }
    });
    section("Moves", moves);

    let mut sowing = Vec::new();
    let dir = direction(s.sowing.direction);
    sowing.push(match s.sowing.start {
        SowStart::Origin if s.moves.min_seeds >= 2 || s.sowing.single_to_next => format!(
            "The first lifted seed goes back into the hole it came from, then one seed goes into each following hole {dir}."
        ),
        SowStart::Origin => format!(
            "The first lifted seed goes back into the hole it came from, then one seed goes into each following hole {dir}; a single seed therefore returns to its own hole."
        ),
        SowStart::Next => format!("The seeds are sown one by one into the following holes, {dir}, starting with the hole after the one emptied."),
    });
    if let Some(text) = direction_sentence(&s.sowing, s.board.holes_per_row) {
        sowing.push(text);
    }
    if s.sowing.single_to_next {
        sowing.push("A hole holding a single seed sows it into the next hole instead.".into());
    }
    if s.sowing.own_row {
        sowing.push("Each player sows around their own row only: after the row's last hole the sowing goes on from its first, and no seed ever reaches the opponent's row.".into());
    }
    if s.sowing.into_opponent_store {
        sowing.push("Both stores are sown like holes when the sowing passes them: each stands after its owner's row.".into());
    } else if s.sowing.into_own_store {
        sowing.push("The mover's own store is sown like a hole when the sowing passes it; the opponent's store is passed over.".into());
    }
    if s.sowing.stores_on_right {
        sowing.push("Each store stands at its owner's right, so a sowing reaches the mover's store only after going round the opponent's row, just before the mover's own row.".into());
    }
    sowing.push(if s.sowing.skip_origin {
        "When a sowing goes all the way round the board, the emptied hole is passed over.".into()
    } else {
        "When a sowing goes all the way round the board, the emptied hole is sown like any other."
            .into()
    });
    sowing.push(match s.sowing.laps {
        Laps::Single => "The move's sowing ends when the hand is empty.".into(),
        Laps::Relay if s.sowing.relay_from_next => "When the hand is empty: if the hole after the last hole sown holds seeds, they are all lifted and sowing goes on from the hole after it; if it is empty, the sowing ends.".into(),
        Laps::Relay => "When the hand is empty: if the last hole sown was occupied (it now holds more than one seed), all its seeds are lifted and sowing goes on from the next hole; if it was empty, the sowing ends.".into(),
    });
    if s.sowing.relay_from_store {
        sowing.push("When the hole after the last one sown is the mover's store, the store's seeds are lifted instead and the sowing goes on from the hole after it; a lap ending in the store ends the sowing.".into());
    }
    if let Some(row) = s.sowing.relay_from {
        sowing.push(format!(
            "The sowing goes on from the last hole only if it is in {}; otherwise it ends there.",
            match row {
                RowChoice::Any => "either row",
                RowChoice::Own => "the mover's row",
                RowChoice::Opponent => "the opponent's row",
            }
        ));
    }
    if s.sowing.single_takes_facing {
        sowing.push("A lap that lifts a single seed first takes the seeds of the hole facing it, for the mover.".into());
    }
    if s.sowing.singles_take_facing {
        sowing.push("Before sowing, every hole of the mover's row that holds a single seed, the one played included, takes the seeds of the hole facing it, for the mover.".into());
    }
    if let Some(k) = s.sowing.hole_limit {
        sowing.push(format!(
            "No hole is sown beyond {} seeds: the sowing passes over every hole, of either row, that holds that many or more when the seed comes to it.",
            word(k)
        ));
    }
    if let Some(k) = s.sowing.skip_opponent_count {
        sowing.push(format!(
            "No seed is sown into a hole of the opponent's row that holds {} when the seed comes to it: the sowing passes over that hole{}.",
            if k == 1 { "a single seed".to_string() } else { format!("{} seeds", word(k)) },
            if s.sowing.skip_not_on_opening {
                if s.rounds.is_some() {
                    ", except on the first move of the game and of each round"
                } else {
                    ", except on the first move of the game"
                }
            } else {
                ""
            }
        ));
    }
    if s.sowing.lap_keeps_one {
        sowing.push("The first seed lifted for each lap goes to the mover, as a capture; the others are sown.".into());
    }
    if let Some(at) = s.sowing.closes_at {
        sowing.push(format!(
            "A lap whose last seed brings a hole of the opponent's row to {} closes that hole{}; {}. A closed hole is out of play for the rest of the game: nobody moves from it, its own row's player sows past it, and a seed the other player sows into it leaves the game (a last seed there ends the sowing).{}",
            count(at, "seed", "seeds"),
            if s.sowing.closing_spares_rightmost {
                " (a player's rightmost hole is never closed)"
            } else {
                ""
            },
            if s.sowing.laps == Laps::Single {
                "its seeds leave the game"
            } else {
                "its seeds are lifted and sown on as usual"
            },
            if s.capture.opening_turns_without == 2 {
                " No hole is closed on either player's first move."
            } else if !s.capture.on_opening() {
                " No hole is closed on the first move of the game."
            } else {
                ""
            }
        ));
    }
    if let Some(counts) = &s.sowing.relay_counts {
        let run = counts.len() > 2 && counts.windows(2).all(|w| w[1] == w[0] + 1);
        let held = if run {
            format!(
                "from {} to {}",
                word(counts[0]),
                word(counts[counts.len() - 1])
            )
        } else {
            word_list(counts, "or")
        };
        sowing.push(format!(
            "The sowing goes on from the last hole only if it then holds {held} seeds; otherwise it ends there."
        ));
    }
    section("Sowing", sowing);

    let c = &s.capture;
    let mut capture = Vec::new();
    let place = match c.last_hole_in() {
        RowChoice::Any => "in either row",
        RowChoice::Own => "in the mover's own row",
        RowChoice::Opponent => "in the opponent's row",
    };
    let keeper = match c.seeds_go_to() {
        Destination::Mover => "captured by the mover",
        Destination::Removed => {
            "removed from the game (nobody keeps them, even when they are the mover's own)"
        }
    };
    match c.rule {
        // Holes taken or raided say how seeds are won instead.
        CaptureRule::None if s.owned.as_ref().is_some_and(|o| o.count > 0 || o.raid > 0) => {
            capture.push("Nothing is captured but through owned holes (below).".into())
        }
        CaptureRule::None if s.sowing.closes_at.is_some() => capture.push(
            "Nothing is captured; seeds leave the game only through closed holes (see the sowing)."
                .into(),
        ),
        CaptureRule::None => capture.push("Nothing is ever captured.".into()),
        CaptureRule::Counts => {
            let counts = word_list(c.counts.as_deref().unwrap_or_default(), "or");
            capture.push(if c.sweep {
                format!(
                    "If the last seed falls into the opponent's row, or into the mover's rightmost hole, every hole of the opponent's row holding {counts} seeds is {keeper}."
                )
            } else if c.sweep_board {
                format!(
                    "After every move, every hole of either row holding {counts} seeds is {keeper}, wherever the last seed fell."
                )
            } else {
                format!(
                    "If the last seed falls into a hole {place} that then holds {counts} seeds, those seeds are {keeper}."
                )
            });
            match (c.chain(), c.chain_direction) {
                (Chain::None, _) => {}
                (Chain::SameRow, ChainDirection::Against) => capture.push(format!(
                    "Then the hole before it (against the sowing), and the one before that, and so on, are taken too as long as each was sown during this move and holds {counts}; the chain stops at the first hole that fails and never leaves the row it started in."
                )),
                (Chain::BothRows, ChainDirection::Against) => capture.push(format!(
                    "Then the hole before it (against the sowing), and the one before that, and so on, are taken too as long as each was sown during this move and holds {counts}; the chain stops at the first hole that fails and may cross from one row to the other. No hole is taken twice."
                )),
                (chain, direction) => capture.push(chain_text(chain, direction, &format!("holds {counts}"))),
            }
        }
        CaptureRule::Opposite => {
            capture.push(match (c.take_sower, c.empty_opposite) {
            (false, _) => format!(
                "If the sowing ends in a hole {place} that was empty (it now holds one seed) and the opposite hole is not empty, all the seeds of the opposite hole are {keeper}. The last seed stays where it is."
            ),
            (true, false) => format!(
                "If the sowing ends in a hole {place} that was empty (it now holds one seed) and the opposite hole is not empty, the seeds of the opposite hole and the last seed itself are {keeper}."
            ),
            (true, true) => format!(
                "If the sowing ends in a hole {place} that was empty (it now holds one seed), the seeds of the opposite hole, if any, and the last seed itself are {keeper}."
            ),
            });
            if c.pull_across {
                capture.push("Nothing leaves the board: the seeds of the opposite hole are pulled across into the last hole, and stay there with the last seed.".into());
            }
            if c.chain() != Chain::None {
                let way = match c.chain_direction {
                    ChainDirection::Along => "onwards in the sowing direction",
                    ChainDirection::Both => {
                        "onwards in the sowing direction and then backwards from the last hole (over holes sown during this move)"
                    }
                    ChainDirection::Against => {
                        "backwards, against the sowing (over holes sown during this move)"
                    }
                };
                let rows = if c.chain() == Chain::SameRow {
                    "never leaves the row it started in"
                } else {
                    "may cross from one row to the other"
                };
                capture.push(format!(
                    "Then, {way}, each hole on the way that is empty takes the seeds of the hole facing it too, as long as that hole holds seeds; each way the chain stops at the first hole that fails and {rows}."
                ));
            }
            if let Some(counts) = c.counts.as_deref() {
                capture.push(format!(
                    "The opposite hole is only taken when it holds {} seeds; otherwise nothing is captured.",
                    word_list(counts, "or")
                ));
                if c.take_counted {
                    capture.push(format!(
                        "A move that captures also takes every other hole of the opponent's row holding {} seeds.",
                        word_list(counts, "or")
                    ));
                }
            }
        }
        CaptureRule::Next => capture.push(if c.take_sower {
            format!(
                "If the last seed falls into an empty hole {place} and the next hole (in the sowing direction, in either row) holds seeds, those seeds and the last seed itself are {keeper}."
            )
        } else {
            format!(
                "If the last seed falls into an empty hole {place} and the next hole (in the sowing direction, in either row) holds seeds, those seeds are {keeper}; the last seed stays where it is."
            )
        }),
        CaptureRule::Match => {
            capture.push(format!(
                "If the last seed falls into a hole {place} that then holds as many seeds as the hole opposite it, the seeds of both holes are {keeper}."
            ));
            if c.chain() != Chain::None {
                capture.push(chain_text(
                    c.chain(),
                    c.chain_direction,
                    "holds as many seeds as the hole opposite it (each hole is taken with its opposite one)",
                ));
            }
        }
        CaptureRule::NextCounts => {
            let counts = word_list(c.counts.as_deref().unwrap_or_default(), "or");
            capture.push(format!(
                "Wherever the last seed falls, if the next hole (in the sowing direction, in either row) holds {counts} seeds, those seeds are {keeper}; the last seed stays where it is."
            ));
            if c.chain() != Chain::None {
                capture.push(chain_text(
                    c.chain(),
                    ChainDirection::Along,
                    &format!("holds {counts}"),
                ));
            }
        }
        CaptureRule::AcrossGap => {
            let occupied = if s.sowing.laps == Laps::Single {
                " that already held seeds (it now holds two or more)"
            } else {
                ""
            };
            capture.push(format!(
                "If the sowing ends in a hole{occupied} and the next hole (in the sowing direction) is empty, the seeds of the hole after that empty one are {keeper}."
            ));
            if c.chain() != Chain::None && s.sowing.laps != Laps::Single {
                capture.push(
                    "Then, while the hole after the one just emptied is empty and the next one holds seeds, those are taken too, onwards in the sowing direction.".into(),
                );
            }
        }
    }
    // Said only of these options, so that the texts of the
    // games with lap captures across a gap or opposite stay as they are.
    if s.sowing.lap_captures && c.rule == CaptureRule::Counts {
        capture.push("Every lap that ends where a move's last seed would capture captures there; the relay then goes on from the hole after the one captured, and ends there if that hole is empty.".into());
    }
    if let Some(at) = s.sowing.opponent_takes_sown_at {
        capture.push(format!(
            "Once a lap starts with {at} seeds or fewer on the board (those in hand aside), every seed it sows into the opponent's row is taken by the opponent, except a last seed that captures there."
        ));
    }
    if let Some(limit) = c.chain_limit {
        capture.push(if c.chain_direction == ChainDirection::Both {
            format!(
                "The chain takes at most {limit} holes each way, the last hole counted in both."
            )
        } else {
            format!("One capture takes at most {limit} holes.")
        });
    }
    if c.moved_from_only {
        capture.push(format!(
            "Nothing is captured from a hole that nobody has moved from yet in this {}: every hole starts locked, and a move from it unlocks it for good.",
            if s.rounds.is_some() { "round" } else { "game" }
        ));
    }
    if c.opening_turns_without == 2 {
        capture.push(
            "On each player's first move nothing is captured; the seeds stay on the board.".into(),
        );
    }
    if c.not_from_single {
        capture.push("A move from a hole holding a single seed captures nothing.".into());
    }
    if c.take_facing {
        capture
            .push("A move that captures also takes the hole facing the hole it captured.".into());
    }
    if c.take_last == 1 {
        capture.push(
            "When a single seed is left on the board after a move, the mover takes it.".into(),
        );
    } else if c.take_last > 1 {
        capture.push(format!(
            "When {} seeds or fewer are left on the board after a move, the mover takes them all.",
            c.take_last
        ));
    }
    // Said only of these options, so that the texts of the
    // games with plain passing captures stay as they are.
    if s.sowing.passing_captures
        && (s.sowing.passing_last || s.sowing.passing_to_mover || s.sowing.passing_counts.is_some())
    {
        let counts = s
            .sowing
            .passing_counts
            .as_ref()
            .or(c.counts.as_ref())
            .map(|v| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))
            .unwrap_or_default();
        capture.push(format!(
            "While sowing, a hole that a seed brings to {counts} (one of these counts) is taken at once by {}{}.",
            if s.sowing.passing_to_mover { "the mover" } else { "the player who owns it" },
            if s.sowing.passing_last { ", the last hole of a lap included" } else { ", except the last hole of a lap" }
        ));
    }
    if s.sowing.passing_captures {
        match s.sowing.passing_from {
            Some(RowChoice::Own) => {
                capture.push("Only the mover's own holes are taken while sowing.".into())
            }
            Some(RowChoice::Opponent) => {
                capture.push("Only the opponent's holes are taken while sowing.".into())
            }
            _ => {}
        }
    }
    if c.rule != CaptureRule::None {
        if !c.on_opening() && c.opening_turns_without != 2 {
            capture.push(
                "On the first move of the game nothing is captured; the seeds stay on the board."
                    .into(),
            );
        }
        match c.grand_slam() {
            GrandSlam::Allowed => {}
            GrandSlam::NoCapture => capture.push(
                "A move whose capture would take every seed in the opponent's row (a grand slam) may be played, but captures nothing.".into(),
            ),
            GrandSlam::OpponentTakesRow => capture.push(
                "A move whose capture takes every seed in the opponent's row (a grand slam) captures them, and then the opponent takes every seed left in the mover's own row.".into(),
            ),
            GrandSlam::ExtraTurn => capture.push(
                "A move whose capture takes every seed in the opponent's row (a grand slam) captures them, and the mover moves again at once.".into(),
            ),
            GrandSlam::Forbidden => capture.push(format!(
                "A move whose capture would take seeds from the opponent's row and leave it empty (a grand slam) may not be played while any other move is possible. {}",
                match c.grand_slam_fallback() {
                    GrandSlamFallback::NoCapture => "If every possible move is a grand slam, they may all be played, without any capture.",
                    GrandSlamFallback::Capture => "If every possible move is a grand slam, they may all be played, with their captures.",
                    GrandSlamFallback::NotPlayed => "If every possible move is a grand slam, the player has no legal move.",
                }
            )),
        }
        if let Some(row) = c.store_lost_in {
            capture.push(format!(
                "A move whose last seed falls into an empty hole{} gives every seed in the mover's store to the opponent.",
                match row {
                    RowChoice::Any => "",
                    RowChoice::Own => " of the mover's row",
                    RowChoice::Opponent => " of the opponent's row",
                }
            ));
        }
        if c.opponent_store {
            capture.push("A move whose last seed falls into the opponent's store takes every seed in that store into the mover's.".into());
        }
        if let Some(leaves) = c.grand_slam_leaves {
            capture.push(format!(
                "A capture that would take every seed in the opponent's row (a grand slam) leaves the {} of its holes holding seeds, as the capturer sees the row, and takes the others; a single such hole is taken.",
                match leaves {
                    SlamLeaves::Leftmost => "leftmost",
                    SlamLeaves::Rightmost => "rightmost",
                }
            ));
        }
    }
    section("Capture", capture);
    if let Some(o) = &s.owned {
        section("Owned holes", owned_text(o, s.capture.rule));
    }

    let e = &s.end;
    let mut end = Vec::new();
    if e.majority {
        end.push(format!(
            "The game ends as soon as a player has captured more than {} seeds, or both have {}.",
            rules.total_seeds() / 2,
            rules.total_seeds() / 2
        ));
    }
    if let Some(k) = e.win_seeds {
        end.push(format!(
            "The game ends as soon as a player has captured more than {k} seeds."
        ));
    }
    if e.rest_to_winner {
        end.push(
            "When the game ends because a player has passed that count, that player takes every seed left on the board."
                .into(),
        );
    }
    if e.both_stuck {
        end.push("The game also ends when neither player has a legal move.".into());
    }
    let collect = if s.board.stores {
        "each player adds the seeds left in their own row to their store"
    } else {
        "each player adds the seeds left in their own row to their captures"
    };
    match e.result {
        ResultRule::Seeds => {
            let settled = match e.no_moves {
                Settlement::CollectOwn => collect,
                Settlement::Share => {
                    "the seeds left on the board are shared equally (a share may be half a seed)"
                }
                Settlement::LastMover => {
                    "the player who made the last move takes the seeds left on the board"
                }
                Settlement::Removed => {
                    "the seeds left on the board leave the game, counted for nobody"
                }
                Settlement::ShareOddToBehind => {
                    "the seeds left on the board are shared equally, an odd seed going to the player with fewer seeds"
                }
            };
            if let (true, Some(fewest)) = (e.too_few_to_starter, e.too_few_seeds) {
                let what = if s.rounds.is_some() { "round" } else { "game" };
                end.push(format!(
                    "As soon as a move leaves fewer than {} on the board (but some), the player who made the first move of the {what} takes them and the {what} ends.",
                    count(fewest, "seed", "seeds"),
                ));
            }
            if let (true, Some(fewest)) = (e.too_few_to_mover, e.too_few_seeds) {
                end.push(format!(
                    "As soon as a move leaves fewer than {} on the board (but some), the player who made it takes them and the game ends.",
                    count(fewest, "seed", "seeds")
                ));
            }
            if e.opponent_row_empty {
                end.push(format!(
                    "The game ends as soon as a move leaves the row of the mover's opponent empty; {settled}."
                ));
            }
            if e.any_row_empty {
                end.push(format!(
                    "The game ends as soon as either row is empty, whoever is to move; {settled}."
                ));
            } else if s.moves.when_none == WhenNone::Pass {
                end.push("The game ends when the board is empty.".into());
            } else {
                end.push(format!(
                    "The game ends when the player to move has no legal move; {settled}."
                ));
            }
        }
        ResultRule::Deprivation => {
            if e.empty_row_wins {
                end.push("The goal is to empty one's own row: the game ends as soon as a row is empty after a move. The player who moved wins if their row is empty, otherwise the opponent, whose row is.".into());
            }
            if e.mover_row_empty {
                end.push("A player who empties their own row while the opponent still holds seeds loses at once.".into());
            }
            end.push("The game ends when the player to move has no legal move. If their row is empty they have lost: the opponent, who still holds seeds, wins.".into());
            end.push(match e.stuck {
                Stuck::Draw => "If their row is not empty (every move from it is forbidden), the game is a draw.".into(),
                Stuck::Loss => "If their row is not empty (every move from it is forbidden), they have lost all the same.".into(),
            });
        }
    }
    match e.repetition {
        Repetition::None => {}
        Repetition::Share => end.push(
            "If after a move the position (board and player to move) has occurred before in the game, the game ends; the seeds left on the board are shared equally (a share may be half a seed).".into(),
        ),
        Repetition::CollectOwn => end.push(format!(
            "If after a move the position (board and player to move) has occurred before in the game, the game ends and {collect}."
        )),
        Repetition::Draw => end.push(
            "If after a move the position (board, player to move and who has made a first move) has occurred before in the game, the game is a draw.".into(),
        ),
    }
    if e.repetition != Repetition::None && s.moves.when_none == WhenNone::End {
        end.push(
            "A player with no legal move ends the game before any repetition is looked for.".into(),
        );
    }
    end.push(match e.result {
        ResultRule::Seeds => format!(
            "The player with more seeds wins; equal totals ({} each) are a draw.",
            rules.total_seeds() as f64 / 2.0
        ),
        ResultRule::Deprivation => "There is no score: the result is a win, a loss or a draw (the seeds each player's captures removed are shown).".into(),
    });
    section("End of the game", end);
    if let Some(r) = &s.rounds {
        // Capture rules that judge a row judge the holes owned in a territory match.
        let rows = s.capture.last_hole_in() != RowChoice::Any
            || s.capture.chain() == Chain::SameRow
            || s.sowing.passing_from.is_some_and(|r| r != RowChoice::Any);
        section("Rounds", rounds_text(r, s.board.seeds_per_hole, rows));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

/// The sentence of a capture chain that runs onwards, or both ways
/// (`capture.chain_direction`), or of matching holes; `holds` says what a
/// hole of the chain must hold.
fn chain_text(chain: Chain, direction: ChainDirection, holds: &str) -> String {
    let rows = if chain == Chain::SameRow {
        "never leaves the row it started in"
    } else {
        "may cross from one row to the other"
    };
    match direction {
        ChainDirection::Along => format!(
            "Then the hole after it (in the sowing direction), and the one after that, and so on, are taken too as long as each {holds}, sown during this move or not; the chain stops at the first hole that fails and {rows}."
        ),
        ChainDirection::Against => format!(
            "Then the hole before it (against the sowing), and the one before that, and so on, are taken too as long as each was sown during this move and {holds}; the chain stops at the first hole that fails and {rows}."
        ),
        ChainDirection::Both => format!(
            "Then the hole after it (in the sowing direction), and the one after that, and so on, are taken too as long as each {holds}, sown during this move or not; then, the same way, the hole before the last one (against the sowing) and those before it, as long as each was sown during this move and {holds}. Each way the chain stops at the first hole that fails and {rows}."
        ),
    }
}

fn direction(d: Direction) -> &'static str {
    match d {
        Direction::CounterClockwise => "counter-clockwise",
        Direction::Clockwise => "clockwise",
        Direction::Chosen => "either-way",
        Direction::Outward => "outward",
        Direction::Inward => "inward",
        Direction::Parity => "odd-even",
        Direction::Alternate => "opposite-way",
    }
}

/// A sentence on how a game whose direction varies finds each move's.
fn direction_sentence(s: &crate::spec::SowingSpec, n: u32) -> Option<String> {
    let chosen = if s.chosen_holes.is_empty() {
        String::new()
    } else {
        let labels: Vec<String> = s
            .chosen_holes
            .iter()
            .map(|&h| hole_label(n as usize, h as usize - 1).to_string())
            .collect();
        format!(
            " From {} (counted from each player's left: {} for North too) the mover chooses the direction, writing the move C> (counter-clockwise) or C< (clockwise).",
            labels.join(", "),
            labels.join(", ").to_lowercase()
        )
    };
    let main = match s.direction {
        Direction::CounterClockwise if chosen.is_empty() => return None,
        Direction::Clockwise if chosen.is_empty() => return None,
        Direction::CounterClockwise => "Moves sow counter-clockwise.",
        Direction::Clockwise => "Moves sow clockwise.",
        Direction::Chosen => {
            "The mover chooses the direction of every move, writing it after the hole: A> sows counter-clockwise (to the mover's right), A< clockwise."
        }
        Direction::Outward => {
            "The holes of the left half of a player's row sow clockwise (to the player's left) and those of the right half counter-clockwise: away from the middle."
        }
        Direction::Inward => {
            "The holes of the left half of a player's row sow counter-clockwise and those of the right half clockwise: towards the middle."
        }
        Direction::Parity => {
            "A hole holding an odd number of seeds sows counter-clockwise, an even number clockwise."
        }
        Direction::Alternate => {
            "The first move of the game chooses its direction (A> counter-clockwise, A< clockwise); from then on its player always sows that way and the other player the other way."
        }
    };
    let first = match s.first_moves_direction {
        Some(Direction::Clockwise) => " Each player's first move sows clockwise, without a choice.",
        Some(_) => " Each player's first move sows counter-clockwise, without a choice.",
        None => "",
    };
    Some(format!("{main}{chosen}{first}"))
}

fn labels(n: usize, holes: std::ops::Range<usize>) -> String {
    holes
        .map(|h| hole_label(n, h).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A number in words up to twenty, in digits past it.
fn word(k: u32) -> String {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS
        .get(k as usize)
        .map_or_else(|| k.to_string(), |w| w.to_string())
}

/// "one seed", "four seeds", "twenty-four seeds" (in words up to twenty).
fn count(k: u32, one: &str, many: &str) -> String {
    format!("{} {}", word(k), if k == 1 { one } else { many })
}

/// "two", "two or three", "two, four, or six".
fn word_list(counts: &[u32], conj: &str) -> String {
    let words: Vec<String> = counts.iter().map(|&c| word(c)).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} {conj} {b}"),
        [init @ .., last] => format!("{}, {conj} {last}", init.join(", ")),
    }
}

/// The `[rounds]` rules as sentences.
fn rounds_text(r: &RoundsSpec, per_hole: u32, rows: bool) -> Vec<String> {
    let order = match r.fill {
        RoundFill::Left => "from their left",
        RoundFill::Right => "from their right",
        RoundFill::Outside => {
            "from both ends of their row towards the middle (leftmost, rightmost, second leftmost, ...)"
        }
        RoundFill::OutsideWest => {
            "from both ends of their row towards the middle, starting at South's left end (North's right end)"
        }
        RoundFill::West => {
            "from the board's west end (South from their left, North from their right)"
        }
    };
    if r.territory {
        return territory_text(r, per_hole, rows);
    }
    if r.is_tallied() {
        let mut lines = vec![
            "The game is a match played in rounds: the end of the game above ends a round (an endless sowing or the ply limit ends the match).".to_string(),
            "Every round starts afresh from the opening layout (drawn anew when it is random), both stores empty, whatever seeds each player won.".to_string(),
            starter_text(r.starter),
        ];
        if let Some(wins) = r.round_wins {
            lines.push(format!(
                "The first player to win {} wins the match; a drawn round counts for neither player.",
                count(wins, "round", "rounds")
            ));
        }
        if let Some(at) = r.double_win_seeds {
            lines.push(format!(
                "A round won with {} or more counts as two round wins.",
                count(at, "seed", "seeds")
            ));
        }
        if let Some(seeds) = r.seeds_to_win {
            lines.push(format!(
                "Each player adds up the seeds they win in every round; the match ends after the round in which a player's total reaches {}, and the player with the larger total wins it (equal totals: a draw).",
                count(seeds, "seed", "seeds")
            ));
        }
        return lines;
    }
    let mut lines = vec![
        "The game is a match played in rounds: the end of the game above ends a round (an endless sowing or the ply limit ends the match).".to_string(),
        format!(
            "For the next round each player takes the seeds they won and fills the holes of their own row {order} with {} each, keeping the seeds left over in their store.",
            count(per_hole, "seed", "seeds")
        ),
    ];
    if r.loser_only {
        lines.push("Only the loser of a round (after a drawn round, North) does so, with the seeds of their row and store; the winner's row and store stay as the round left them.".into());
    }
    lines.push(if r.blocked {
        "Holes left empty are out of play for the round: nobody sows into them or plays from them."
            .into()
    } else {
        "Holes left empty stay in play.".into()
    });
    lines.push(starter_text(r.starter));
    lines.push(match r.min_seeds {
        Some(least) => format!(
            "The match ends when a player has fewer than {} at the end of a round; the player with more seeds then wins it.",
            count(least, "seed", "seeds")
        ),
        None => format!(
            "The match ends when a player's seeds cannot fill {}; the player with more seeds then wins it.",
            count(r.min_holes, "hole", "holes")
        ),
    });
    lines
}

/// The `[owned]` rules as sentences.
fn owned_text(o: &OwnedSpec, capture: CaptureRule) -> Vec<String> {
    let mut lines = Vec::new();
    if o.at_start == OwnedStart::Rightmost {
        lines.push("From the start each player owns the rightmost hole of their own row.".into());
    }
    if o.count > 0 {
        let place = match o.row {
            RowChoice::Any => "of either row",
            RowChoice::Own => "of the mover's own row",
            RowChoice::Opponent => "of the opponent's row",
        };
        lines.push(match o.make {
            OwnedMake::Count => format!(
                "If the last seed falls into a plain hole {place} and makes it hold {}, that hole becomes the mover's own hole, instead of any capture.",
                count(o.count, "seed", "seeds")
            ),
            OwnedMake::PairOpposite => format!(
                "If the last seed falls into an empty hole and the hole facing it holds {}, both holes become the mover's own, instead of any capture.",
                count(o.count, "seed", "seeds")
            ),
            OwnedMake::PairBefore => format!(
                "If the last seed falls into a plain hole {place} and makes it hold {}, that hole becomes the mover's own hole, instead of any capture; and if that hole and the plain hole before it (against the sowing) then hold {} and {}, in either order, both become the mover's own.",
                count(o.count, "seed", "seeds"),
                word(o.count),
                word(o.count.saturating_sub(1))
            ),
        });
        if o.per_player > 0 {
            lines.push(format!(
                "A player may own at most {}.",
                count(o.per_player, "hole", "holes")
            ));
        }
        match o.places {
            OwnedPlaces::Anywhere => {}
            OwnedPlaces::Ends => lines.push("Only the two end holes of each row may become owned.".into()),
            OwnedPlaces::NotEnds => lines.push("The two end holes of each row never become owned.".into()),
            OwnedPlaces::NotOpponentLast => lines.push("The last hole of the opponent's row (their rightmost) never becomes the mover's own.".into()),
            OwnedPlaces::NotOpponentFirst => lines.push("The first hole of the opponent's row (their leftmost) never becomes the mover's own.".into()),
            OwnedPlaces::OpponentEndsOwnMiddle => lines.push("Only the two end holes of the opponent's row and the holes between the ends of the mover's own row may become the mover's own.".into()),
            OwnedPlaces::EndsAndOpponentNextToEnds => lines.push("Only the end holes of either row and the holes next to the ends of the opponent's row may become the mover's own.".into()),
        }
        if o.not_mirror {
            lines.push("A hole may not become owned if it has the same number, counted from its owner's left, as a hole the opponent already owns.".into());
        }
        if o.not_facing {
            lines.push("A hole facing a hole already owned may not become owned.".into());
        }
        match o.holder {
            RowChoice::Any => {}
            RowChoice::Own => lines
                .push("Only a hole the mover plays this round may become the mover's own.".into()),
            RowChoice::Opponent => lines.push(
                "Only a hole the opponent plays this round may become the mover's own.".into(),
            ),
        }
    }
    lines.push("An owned hole is never played from: the seeds sown into it stay there and count for its owner, with their captures and at the end of the game.".into());
    match o.sow_past {
        SowPast::None => {}
        SowPast::Opponent => lines.push("A sowing passes over the opponent's owned holes.".into()),
        SowPast::OpponentButLast => lines.push(
            "A sowing passes over the opponent's owned holes, except with its last seed.".into(),
        ),
        SowPast::All => lines.push("A sowing passes over every owned hole.".into()),
    }
    if o.raid > 0 {
        lines.push(format!(
            "If the last seed falls into an owned hole of the opponent, the mover takes {} out of it (all it holds when fewer), the last seed included.",
            count(o.raid, "seed", "seeds")
        ));
    }
    if o.captures_into && (capture != CaptureRule::None || o.raid > 0) {
        lines.push("Captured seeds go into the mover's first owned hole; a player who owns no hole captures nothing.".into());
    }
    lines
}

/// Who starts the next round, as a sentence.
fn starter_text(starter: RoundStarter) -> String {
    match starter {
        RoundStarter::Alternate => "The players take turns to start a round.".into(),
        RoundStarter::Loser => "The loser of a round starts the next (after a drawn round, the player who did not start it).".into(),
        RoundStarter::LoserElseLastMover => "The loser of a round starts the next (after a drawn round, the player who made its last move).".into(),
        RoundStarter::WinnerElseNotLastMover => "The winner of a round starts the next (after a drawn round, the player who did not make its last move).".into(),
        RoundStarter::Winner => "The winner of a round starts the next (after a drawn round, the player who did not start it).".into(),
        RoundStarter::LastMover => "The player who made the last move of a round starts the next.".into(),
    }
}

/// Territory rounds (`[rounds] territory`) as sentences.
fn territory_text(r: &RoundsSpec, per_hole: u32, rows: bool) -> Vec<String> {
    let least = r.least_seeds(per_hole);
    let mut text = vec![
        "The game is a match played in rounds for territory: the end of the game above ends a round (an endless sowing or the ply limit ends the match).".to_string(),
        format!(
            "Every round starts with {} in every hole. The player who won more seeds in the round before owns as many holes as their seeds fill{}: first their own row, then the opponent's row from the opponent's left; the other player owns the rest (after a drawn round, each player owns their own row).",
            count(per_hole, "seed", "seeds"),
            match r.partial_hole {
                PartialHole::OverHalf => ", and one more when the seeds left over are more than half a hole",
                PartialHole::Loser => " (a hole their seeds left over would fill only in part is the other player's)",
                PartialHole::LoserEmpty => " (a hole their seeds left over would fill only in part is the other player's and starts the round empty, each player keeping the seeds left over from whole holes in their store)",
            }
        ),
        "A player moves only from the holes they own, and the seeds left in them at the end of a round are theirs.".to_string(),
    ];
    if rows {
        text.push("Where the capture rules speak of a player's row, they mean the holes that player owns this round.".to_string());
    }
    text.extend([
        starter_text(r.starter),
        format!(
            "The match ends when a player has fewer than {} at the end of a round; the player with more seeds then wins it.",
            count(least, "seed", "seeds")
        ),
    ]);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modiar_summary_reads_like_the_sources() {
        let r = Rules::builtin("modiar").unwrap();
        assert_eq!(
            summary(&r),
            "Two-player two-row mancala without stores; 2×3 board with single-lap counter-clockwise sowing; \
             7 seeds per hole; first seed sown into origin pit; singletons prohibited from moving; \
             backward-chaining captures of two, four, or six stones; no capture on the opening move; \
             mandatory feeding and grand-slam restriction; most seeds wins."
        );
    }

    #[test]
    fn rules_text_follows_the_data() {
        let r = Rules::builtin("sadeqa-ii").unwrap();
        let text = rules_text(&r);
        assert!(text.starts_with("Sadeqa II (Ethiopia)\n"));
        assert!(
            text.contains("rightmost hole (F for South, f for North)"),
            "{text}"
        );
        assert!(text.contains("removed from the game"), "{text}");
        let t = rules_text(&Rules::builtin("tihbat").unwrap());
        assert!(t.contains("two, four, six, or eight"), "{t}");
        assert!(t.contains("never leaves the row"), "{t}");
        assert!(t.contains("passes"), "{t}");
    }

    #[test]
    fn owned_holes_and_match_ends_are_said() {
        let t = rules_text(&Rules::builtin("toguz-kumalak").unwrap());
        assert!(t.contains("Owned holes\n"), "{t}");
        assert!(
            t.contains("makes it hold three seeds, that hole becomes the mover's own hole"),
            "{t}"
        );
        assert!(t.contains("at most one hole"), "{t}");
        assert!(t.contains("same number"), "{t}");
        assert!(t.contains("sows it into the next hole"), "{t}");
        assert!(!t.contains("returns to its own hole"), "{t}");
        let rath = rules_text(&Rules::builtin("rath").unwrap());
        assert!(rath.contains("owns the rightmost hole"), "{rath}");
        assert!(rath.contains("takes two seeds out of it"), "{rath}");
        assert!(!rath.contains("Nothing is ever captured"), "{rath}");
        let dakon = rules_text(&Rules::builtin("dakon").unwrap());
        assert!(dakon.contains("captured more than 70 seeds"), "{dakon}");
        assert!(dakon.contains("neither player has a legal move"), "{dakon}");
        assert!(dakon.contains("Rounds\n"), "{dakon}");
    }
}
