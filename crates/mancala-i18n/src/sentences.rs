//! The rules sentences of a game page, chosen from the rule data.
//!
//! Each sentence is one Fluent message (`locales/LANG/rules.ftl`) with its
//! arguments, tagged with the page section it belongs to and the rule-file
//! key it states, so that a rule the game's `[about] house_rules` marks as
//! decided by us can be shown apart. A sentence is only produced for a rule
//! the game has: no pass sentence where nobody passes, no singleton
//! sentence where singletons may not be played.

use mancala_core::notation::hole_label;
use mancala_core::spec::*;
use mancala_core::{Rules, Side};

use crate::section::Section;
use crate::{FluentValue, Lang, Localizer};

/// One sentence of the page.
pub(crate) struct Sentence {
    pub section: Section,
    /// The rule-file key the sentence states (`"sowing.skip_origin"`), or
    /// `""` for a sentence that states no single rule (the notation).
    pub key: &'static str,
    pub text: String,
}

type Args<'a> = Vec<(&'a str, FluentValue<'a>)>;

fn num(n: u32) -> FluentValue<'static> {
    FluentValue::from(n)
}

fn s(text: &str) -> FluentValue<'_> {
    FluentValue::from(text)
}

fn dir(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "cw",
        Direction::CounterClockwise => "ccw",
        // Said by `sow-direction`.
        _ => "varied",
    }
}

/// The `$rule` of `sow-direction`, for directions that vary by move.
fn direction_rule(d: Direction) -> Option<&'static str> {
    match d {
        Direction::Clockwise | Direction::CounterClockwise => None,
        Direction::Chosen => Some("chosen"),
        Direction::Outward => Some("outward"),
        Direction::Inward => Some("inward"),
        Direction::Parity => Some("parity"),
        Direction::Alternate => Some("alternate"),
    }
}

/// Whether a territory match has capture rules that judge a player's row,
/// which then means the holes the player owns.
fn territory_rows(spec: &RuleSpec) -> bool {
    spec.rounds.as_ref().is_some_and(|r| r.territory)
        && (spec.capture.last_hole_in() != RowChoice::Any
            || spec.capture.chain() == Chain::SameRow
            || spec
                .sowing
                .passing_from
                .is_some_and(|r| r != RowChoice::Any))
}

fn row(r: RowChoice) -> &'static str {
    match r {
        RowChoice::Any => "any",
        RowChoice::Own => "own",
        RowChoice::Opponent => "opponent",
    }
}

fn side(s: Side) -> &'static str {
    match s {
        Side::South => "south",
        Side::North => "north",
    }
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The labels of holes `holes`, separated by spaces: `"A B C"`.
fn labels(n: usize, holes: std::ops::Range<usize>) -> String {
    holes
        .map(|h| hole_label(n, h).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `counts` holds every count from 1 to `total`: the hole the last
/// seed falls into always qualifies, since it holds at least that seed.
pub(crate) fn takes_every_count(counts: &[u32], total: u32) -> bool {
    total > 0 && (1..=total).all(|n| counts.contains(&n))
}

/// The capturing counts as a noun phrase ("2 or 3 seeds", "an even number
/// of seeds"): a list to 162 is no rule a player can read.
pub(crate) fn counts_phrase(loc: &Localizer, lang: Lang, counts: &[u32], total: u32) -> String {
    let mut c: Vec<u32> = counts.to_vec();
    c.sort_unstable();
    c.dedup();
    let (Some(&min), Some(&max)) = (c.first(), c.last()) else {
        return loc.tr(lang, "counts-none", &[]);
    };
    let step_two = c.windows(2).all(|w| w[1] == w[0] + 2);
    let step_one = c.windows(2).all(|w| w[1] == w[0] + 1);
    // Whether the list covers every count of that parity a hole can reach.
    let to_the_top = max + 2 > total;
    if c.len() >= 4 && step_two && min <= 2 && min % 2 == 0 && to_the_top {
        return loc.tr(lang, "counts-even-any", &[]);
    }
    if c.len() >= 4 && step_two && min <= 1 && min % 2 == 1 && to_the_top {
        return loc.tr(lang, "counts-odd-any", &[]);
    }
    if c.len() >= 5 && step_two {
        let id = if min % 2 == 0 {
            "counts-even-range"
        } else {
            "counts-odd-range"
        };
        return loc.tr(lang, id, &[("min", num(min)), ("max", num(max))]);
    }
    if c.len() >= 4 && step_one {
        if to_the_top && max + 1 > total {
            return loc.tr(lang, "counts-at-least", &[("min", num(min))]);
        }
        return loc.tr(
            lang,
            "counts-range",
            &[("min", num(min)), ("max", num(max))],
        );
    }
    let last = num(max);
    match c.as_slice() {
        [a] => loc.tr(lang, "counts-1", &[("a", num(*a)), ("last", last)]),
        [a, b] => loc.tr(
            lang,
            "counts-2",
            &[("a", num(*a)), ("b", num(*b)), ("last", last)],
        ),
        [a, b, d] => loc.tr(
            lang,
            "counts-3",
            &[
                ("a", num(*a)),
                ("b", num(*b)),
                ("c", num(*d)),
                ("last", last),
            ],
        ),
        [a, b, d, e] => loc.tr(
            lang,
            "counts-4",
            &[
                ("a", num(*a)),
                ("b", num(*b)),
                ("c", num(*d)),
                ("d", num(*e)),
                ("last", last),
            ],
        ),
        [] => loc.tr(lang, "counts-none", &[]),
        [init @ .., z] => {
            let sep = loc.tr(lang, "list-separator", &[]);
            let init = init
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(&sep);
            loc.tr(
                lang,
                "counts-many",
                &[("init", FluentValue::from(init)), ("last", num(*z))],
            )
        }
    }
}

/// What says a page's sentences into `out`, in order: `say(section, key,
/// id, args)` adds the sentence of the message `id` stating the rule-file
/// `key` to `section`.
fn speaker<'a>(
    loc: &'a Localizer,
    lang: Lang,
    out: &'a mut Vec<Sentence>,
) -> impl FnMut(Section, &'static str, &str, Args) + 'a {
    move |section, key, id, args| {
        out.push(Sentence {
            section,
            key,
            text: loc.tr(lang, id, &args),
        })
    }
}

/// Every rules sentence of the page, in page order.
pub(crate) fn sentences(rules: &Rules, loc: &Localizer, lang: Lang) -> Vec<Sentence> {
    if rules.rows() == 4 {
        return four_row_sentences(rules, loc, lang);
    }
    let spec = rules.spec();
    // The holes each player owns: a row, or on three rows a row and half
    // the middle one, labelled in the one ring all laps go round.
    let n = rules.holes_per_side();
    let three_rows = rules.rows() == 3;
    let total = rules.total_seeds();
    let half = total / 2;
    let c = &spec.capture;
    let e = &spec.end;
    let m = &spec.moves;
    let sow = &spec.sowing;
    let stores = spec.board.stores;
    let pass = m.when_none == WhenNone::Pass;

    let mut out = Vec::new();
    let mut say = speaker(loc, lang, &mut out);
    use Section::{Board, Capture, End, Play};

    // The board.
    if three_rows {
        say(
            Board,
            "board.rows",
            "board-three-rows",
            vec![("holes", num(rules.holes_per_row() as u32))],
        );
    } else {
        say(
            Board,
            "board",
            "board-rows",
            vec![("holes", num(n as u32)), ("stores", s(yes(stores)))],
        );
    }
    match spec.board.layout {
        StartLayout::Random => say(
            Board,
            "board.layout",
            "board-seeds-random",
            vec![
                ("total", num(total)),
                ("two", s(yes(spec.board.seeds_per_hole >= 2))),
            ],
        ),
        StartLayout::RightmostPlusOne => say(
            Board,
            "board.layout",
            "board-seeds-rightmost-plus-one",
            vec![
                ("seeds", num(spec.board.seeds_per_hole)),
                ("total", num(total)),
            ],
        ),
        // Gamacha's layout, two of every three holes and the last two
        // empty are easier read off the board than described.
        StartLayout::Gamacha | StartLayout::TwoOfThree | StartLayout::LastTwoEmpty => {
            let start = rules.start();
            let sep = loc.tr(lang, "list-separator", &[]);
            let holes = (0..2 * n)
                .filter(|&h| start.seeds(h) > 0)
                .map(|h| format!("{} ({})", hole_label(n, h), start.seeds(h)))
                .collect::<Vec<_>>()
                .join(&sep);
            say(
                Board,
                "board.layout",
                "board-seeds-listed",
                vec![("holes", FluentValue::from(holes)), ("total", num(total))],
            );
        }
        _ => say(
            Board,
            "board.seeds_per_hole",
            "board-seeds",
            vec![
                ("seeds", num(spec.board.seeds_per_hole)),
                ("total", num(total)),
            ],
        ),
    }
    say(
        Board,
        "",
        if three_rows {
            "board-owners-three-rows"
        } else {
            "board-owners"
        },
        vec![
            ("south", FluentValue::from(labels(n, 0..n))),
            ("north", FluentValue::from(labels(n, n..2 * n))),
        ],
    );
    say(
        Board,
        "board.first_player",
        "board-first",
        vec![("first", s(side(spec.board.first_player)))],
    );
    say(
        Board,
        "",
        if pass {
            "board-notation-pass"
        } else {
            "board-notation"
        },
        vec![],
    );

    // How to play: which holes may be played, then the sowing.
    if m.any_row {
        // Either row: the holes belong to neither player.
        if m.min_seeds <= 1 {
            say(Play, "moves.any_row", "play-any-row-lift-any", vec![]);
        } else {
            say(
                Play,
                "moves.any_row",
                "play-any-row-lift-min",
                vec![("min", num(m.min_seeds))],
            );
        }
    } else if m.min_seeds <= 1 {
        say(Play, "moves.min_seeds", "play-lift-any", vec![]);
    } else {
        say(
            Play,
            "moves.min_seeds",
            "play-lift-min",
            vec![("min", num(m.min_seeds))],
        );
    }
    if m.opening == Opening::Rightmost {
        say(
            Play,
            "moves.opening",
            "play-opening-rightmost",
            vec![
                (
                    "south",
                    FluentValue::from(hole_label(n, rightmost(rules, Side::South)).to_string()),
                ),
                (
                    "north",
                    FluentValue::from(hole_label(n, rightmost(rules, Side::North)).to_string()),
                ),
            ],
        );
        say(
            Play,
            "moves.opening_fallback",
            match m.opening_fallback {
                OpeningFallback::Any => "play-opening-fallback-any",
                OpeningFallback::Nearest => "play-opening-fallback-nearest",
            },
            vec![],
        );
    }
    if m.opening == Opening::RightHalf {
        // Each row's right half as its player sees it: its upper indices.
        let first = n - n / 2;
        let label = |h: usize| FluentValue::from(hole_label(n, h).to_string());
        say(
            Play,
            "moves.opening",
            "play-opening-right-half",
            vec![
                ("sfrom", label(first)),
                ("sto", label(n - 1)),
                ("nfrom", label(n + first)),
                ("nto", label(2 * n - 1)),
            ],
        );
        if m.empty_or_across {
            say(
                Play,
                "moves.opening",
                "play-opening-right-half-any-end",
                vec![],
            );
        }
    }
    if let Some(k) = m.last_resort_count {
        say(
            Play,
            "moves.last_resort_count",
            "play-last-resort",
            vec![(
                "counts",
                FluentValue::from(counts_phrase(loc, lang, &[k], total)),
            )],
        );
        if m.last_resort_rightmost {
            say(
                Play,
                "moves.last_resort_rightmost",
                "play-last-resort-rightmost",
                vec![],
            );
        }
    }
    if sow.opening_lands_across {
        say(
            Play,
            "sowing.opening_lands_across",
            "sow-opening-lands-across",
            vec![],
        );
    }
    if m.not_facing_single {
        say(
            Play,
            "moves.not_facing_single",
            "play-not-facing-single",
            vec![],
        );
    }
    if m.lands_occupied {
        say(Play, "moves.lands_occupied", "play-lands-occupied", vec![]);
    }
    if m.each_hole_first {
        say(
            Play,
            "moves.each_hole_first",
            "play-each-hole-first",
            vec![("rounds", s(yes(spec.rounds.is_some())))],
        );
    }
    if m.rams {
        say(Play, "moves.rams", "play-rams", vec![]);
    }
    if m.no_return {
        say(Play, "moves.no_return", "play-no-return", vec![]);
    }
    if m.opening == Opening::FirstTwoRightmost {
        say(
            Play,
            "moves.opening",
            "play-opening-first-two-rightmost",
            vec![("rounds", s(yes(spec.rounds.is_some())))],
        );
    }
    if m.must_feed {
        // In a territory match the opponent's holes are the ones they own.
        let id = if spec.rounds.as_ref().is_some_and(|r| r.territory) {
            "play-must-feed-territory"
        } else {
            "play-must-feed"
        };
        say(Play, "moves.must_feed", id, vec![]);
        if m.feed_else_any {
            say(Play, "moves.feed_else_any", "play-feed-else-any", vec![]);
        }
    }
    if m.must_leave_seeds {
        say(
            Play,
            "moves.must_leave_seeds",
            "play-must-leave-seeds",
            vec![],
        );
    }
    let sow_id = match sow.start {
        // A singleton cannot be played, or is sown on (`sow-single-to-next`).
        SowStart::Origin if m.min_seeds >= 2 || sow.single_to_next => "sow-origin",
        SowStart::Origin => "sow-origin-single",
        SowStart::Next => "sow-next",
    };
    say(
        Play,
        "sowing.start",
        sow_id,
        vec![("dir", s(dir(sow.direction)))],
    );
    if let Some(rule) = direction_rule(sow.direction) {
        say(
            Play,
            "sowing.direction",
            "sow-direction",
            vec![("rule", s(rule))],
        );
    }
    if !sow.chosen_holes.is_empty() {
        let holes: Vec<String> = sow
            .chosen_holes
            .iter()
            .map(|&h| hole_label(n, h as usize - 1).to_string())
            .collect();
        say(
            Play,
            "sowing.chosen_holes",
            "sow-chosen-holes",
            vec![("holes", FluentValue::from(holes.join(", ")))],
        );
    }
    if let Some(d) = sow.first_moves_direction {
        say(
            Play,
            "sowing.first_moves_direction",
            "sow-first-moves-direction",
            vec![("dir", s(dir(d)))],
        );
    }
    if sow.single_to_next {
        say(Play, "sowing.single_to_next", "sow-single-to-next", vec![]);
    }
    if sow.own_row {
        say(Play, "sowing.own_row", "sow-own-row", vec![]);
    }
    if sow.into_opponent_store {
        say(
            Play,
            "sowing.into_opponent_store",
            "sow-into-both-stores",
            vec![],
        );
    } else if sow.into_own_store {
        say(Play, "sowing.into_own_store", "sow-into-store", vec![]);
    }
    if sow.stores_on_right {
        say(
            Play,
            "sowing.stores_on_right",
            "sow-stores-on-right",
            vec![],
        );
    }
    say(
        Play,
        "sowing.skip_origin",
        if sow.skip_origin {
            "sow-skip-origin"
        } else {
            "sow-no-skip-origin"
        },
        vec![],
    );
    match sow.laps {
        Laps::Single => say(Play, "sowing.laps", "sow-single-lap", vec![]),
        Laps::Relay => {
            if sow.relay_from_next {
                say(
                    Play,
                    "sowing.relay_from_next",
                    "sow-relay-from-next",
                    vec![],
                );
            } else {
                say(Play, "sowing.laps", "sow-relay", vec![]);
            }
            if sow.relay_from_store {
                say(
                    Play,
                    "sowing.relay_from_store",
                    "sow-relay-from-store",
                    vec![],
                );
            }
            if let Some(r) = sow.relay_from {
                say(
                    Play,
                    "sowing.relay_from",
                    "sow-relay-from",
                    vec![("place", s(row(r)))],
                );
            }
            if let Some(list) = &sow.relay_counts {
                say(
                    Play,
                    "sowing.relay_counts",
                    "sow-relay-counts",
                    vec![(
                        "counts",
                        FluentValue::from(counts_phrase(loc, lang, list, total)),
                    )],
                );
            }
            if sow.relay_stops_at_capture {
                say(
                    Play,
                    "sowing.relay_stops_at_capture",
                    "sow-relay-stops-at-capture",
                    vec![],
                );
            }
            say(
                Play,
                "sowing.endless",
                match sow.endless {
                    Endless::Illegal => "play-endless-illegal",
                    Endless::Draw => "play-endless-draw",
                },
                vec![],
            );
        }
    }
    if sow.single_takes_facing {
        say(
            Play,
            "sowing.single_takes_facing",
            "sow-single-takes-facing",
            vec![],
        );
    }
    if sow.singles_take_facing {
        say(
            Play,
            "sowing.singles_take_facing",
            "sow-singles-take-facing",
            vec![],
        );
    }
    if sow.lap_keeps_one {
        say(Play, "sowing.lap_keeps_one", "sow-lap-keeps-one", vec![]);
    }
    if let Some(at) = sow.closes_at {
        say(
            Play,
            "sowing.closes_at",
            "sow-closes",
            vec![
                ("count", num(at)),
                ("single", s(yes(sow.laps == Laps::Single))),
            ],
        );
        if sow.closing_spares_rightmost {
            say(
                Play,
                "sowing.closing_spares_rightmost",
                "sow-closes-spares-rightmost",
                vec![],
            );
        }
        say(Play, "sowing.closes_at", "sow-closed-hole", vec![]);
        if c.opening_turns_without == 2 || !c.on_opening() {
            say(
                Play,
                if c.opening_turns_without == 2 {
                    "capture.opening_turns_without"
                } else {
                    "capture.on_opening"
                },
                "sow-closes-not-first",
                vec![(
                    "turns",
                    s(if c.opening_turns_without == 2 {
                        "each"
                    } else {
                        "first"
                    }),
                )],
            );
        }
    }
    if let Some(k) = sow.hole_limit {
        say(
            Play,
            "sowing.hole_limit",
            "sow-hole-limit",
            vec![("seeds", num(k))],
        );
    }
    if let Some(k) = sow.skip_opponent_count {
        say(
            Play,
            "sowing.skip_opponent_count",
            "sow-skip-opponent-count",
            vec![(
                "counts",
                FluentValue::from(counts_phrase(loc, lang, &[k], total)),
            )],
        );
        if sow.skip_not_on_opening {
            say(
                Play,
                "sowing.skip_not_on_opening",
                "sow-skip-not-on-opening",
                vec![("rounds", s(yes(spec.rounds.is_some())))],
            );
        }
    }
    match m.extra_turn {
        ExtraTurn::None => {}
        ExtraTurn::Store => say(Play, "moves.extra_turn", "play-extra-store", vec![]),
        ExtraTurn::Capture if m.extra_turn_once => say(
            Play,
            "moves.extra_turn_once",
            "play-extra-capture-once",
            vec![],
        ),
        ExtraTurn::Capture => say(Play, "moves.extra_turn", "play-extra-capture", vec![]),
        ExtraTurn::StoreOrCapture => say(
            Play,
            "moves.extra_turn",
            "play-extra-store-or-capture",
            vec![],
        ),
    }
    if m.extra_turn_opponent_store {
        say(
            Play,
            "moves.extra_turn_opponent_store",
            "play-extra-opponent-store",
            vec![],
        );
    }
    if m.opening_shift {
        say(Play, "moves.opening_shift", "play-opening-shift", vec![]);
    }
    if pass {
        say(Play, "moves.when_none", "play-no-move-pass", vec![]);
    }

    // Capture.
    let keeper = match c.seeds_go_to() {
        Destination::Mover => "mover",
        Destination::Removed => "removed",
    };
    let place = row(c.last_hole_in());
    match c.rule {
        // Holes taken or raided say how seeds are won instead.
        CaptureRule::None
            if spec
                .owned
                .as_ref()
                .is_some_and(|o| o.count > 0 || o.raid > 0) => {}
        CaptureRule::None if sow.closes_at.is_some() => {
            say(Capture, "capture.rule", "capture-none-closing", vec![])
        }
        CaptureRule::None => say(Capture, "capture.rule", "capture-none", vec![]),
        CaptureRule::Counts => {
            let list = c.counts.as_deref().unwrap_or_default();
            let counts = counts_phrase(loc, lang, list, total);
            if c.sweep {
                say(
                    Capture,
                    "capture.sweep",
                    "capture-sweep",
                    vec![("counts", FluentValue::from(counts.clone()))],
                );
            } else if c.sweep_board {
                say(
                    Capture,
                    "capture.sweep_board",
                    "capture-sweep-board",
                    vec![("counts", FluentValue::from(counts.clone()))],
                );
            } else if takes_every_count(list, total) {
                // "makes it hold one seed or more" is always true: say so (Voleur).
                say(
                    Capture,
                    "capture.counts",
                    "capture-always",
                    vec![("place", s(place)), ("keeper", s(keeper))],
                );
            } else if list == [1] {
                // Not "makes it hold one seed, those seeds are captured": the hole was empty.
                say(
                    Capture,
                    "capture.counts",
                    "capture-counts-one",
                    vec![("place", s(place)), ("keeper", s(keeper))],
                );
            } else {
                say(
                    Capture,
                    "capture.counts",
                    "capture-counts",
                    vec![
                        ("place", s(place)),
                        ("counts", FluentValue::from(counts.clone())),
                        ("keeper", s(keeper)),
                    ],
                );
            }
            match (c.chain(), c.chain_direction) {
                (Chain::None, _) => {}
                (Chain::SameRow, ChainDirection::Against) => say(
                    Capture,
                    "capture.chain",
                    "capture-chain-same-row",
                    vec![("counts", FluentValue::from(counts))],
                ),
                (Chain::BothRows, ChainDirection::Against) => say(
                    Capture,
                    "capture.chain",
                    "capture-chain-both-rows",
                    vec![("counts", FluentValue::from(counts))],
                ),
                (chain, direction) => say(
                    Capture,
                    "capture.chain_direction",
                    if direction == ChainDirection::Along {
                        "capture-chain-along"
                    } else {
                        "capture-chain-two-ways"
                    },
                    vec![
                        ("counts", FluentValue::from(counts)),
                        ("rows", s(chain_rows(chain))),
                    ],
                ),
            }
        }
        CaptureRule::NextCounts => {
            let list = c.counts.as_deref().unwrap_or_default();
            let counts = counts_phrase(loc, lang, list, total);
            say(
                Capture,
                "capture.rule",
                "capture-next-counts",
                vec![
                    ("counts", FluentValue::from(counts.clone())),
                    ("keeper", s(keeper)),
                ],
            );
            if c.chain() != Chain::None {
                say(
                    Capture,
                    "capture.chain",
                    "capture-chain-along",
                    vec![
                        ("counts", FluentValue::from(counts)),
                        ("rows", s(chain_rows(c.chain()))),
                    ],
                );
            }
        }
        CaptureRule::Opposite => {
            let id = match (c.take_sower, c.empty_opposite) {
                (false, _) => "capture-opposite",
                (true, false) => "capture-opposite-sower",
                (true, true) => "capture-opposite-sower-empty",
            };
            if c.pull_across {
                // Nothing is captured: said instead of the capture.
                say(
                    Capture,
                    "capture.pull_across",
                    "capture-pull-across",
                    vec![("place", s(place))],
                );
            } else {
                say(
                    Capture,
                    "capture.rule",
                    id,
                    vec![("place", s(place)), ("keeper", s(keeper))],
                );
            }
            if c.chain() != Chain::None {
                say(
                    Capture,
                    "capture.chain",
                    "capture-opposite-chain",
                    vec![
                        ("direction", s(direction_key(c.chain_direction))),
                        ("rows", s(chain_rows(c.chain()))),
                    ],
                );
            }
            if let Some(list) = c.counts.as_deref() {
                say(
                    Capture,
                    "capture.counts",
                    "capture-opposite-counts",
                    vec![(
                        "counts",
                        FluentValue::from(counts_phrase(loc, lang, list, total)),
                    )],
                );
                if c.take_counted {
                    say(
                        Capture,
                        "capture.take_counted",
                        "capture-take-counted",
                        vec![(
                            "counts",
                            FluentValue::from(counts_phrase(loc, lang, list, total)),
                        )],
                    );
                }
            }
        }
        CaptureRule::Next | CaptureRule::Match => {
            let id = match (c.rule, c.take_sower) {
                (CaptureRule::Next, false) => "capture-next",
                (CaptureRule::Next, true) => "capture-next-sower",
                _ => "capture-match",
            };
            say(
                Capture,
                "capture.rule",
                id,
                vec![("place", s(place)), ("keeper", s(keeper))],
            );
            if c.rule == CaptureRule::Match && c.chain() != Chain::None {
                say(
                    Capture,
                    "capture.chain",
                    "capture-match-chain",
                    vec![
                        ("direction", s(direction_key(c.chain_direction))),
                        ("rows", s(chain_rows(c.chain()))),
                    ],
                );
            }
        }
        CaptureRule::AcrossGap => {
            let single = sow.laps == Laps::Single;
            say(
                Capture,
                "capture.rule",
                if single {
                    "capture-across-gap"
                } else {
                    "capture-across-gap-relay"
                },
                vec![],
            );
            if c.chain() != Chain::None && !single {
                say(Capture, "capture.chain", "capture-across-gap-chain", vec![]);
            }
        }
    }
    if let Some(limit) = c.chain_limit {
        say(
            Capture,
            "capture.chain_limit",
            if c.chain_direction == ChainDirection::Both {
                "capture-chain-limit-each-way"
            } else {
                "capture-chain-limit"
            },
            vec![("limit", FluentValue::from(limit))],
        );
    }
    if c.moved_from_only {
        say(
            Capture,
            "capture.moved_from_only",
            "capture-moved-from-only",
            vec![("rounds", s(yes(spec.rounds.is_some())))],
        );
    }
    if c.opening_turns_without == 2 {
        say(
            Capture,
            "capture.opening_turns_without",
            "capture-not-first-turns",
            vec![],
        );
    }
    if c.not_from_single {
        say(
            Capture,
            "capture.not_from_single",
            "capture-not-from-single",
            vec![],
        );
    }
    if c.take_facing {
        say(
            Capture,
            "capture.take_facing",
            "capture-take-facing",
            vec![],
        );
    }
    if c.take_last > 0 {
        say(
            Capture,
            "capture.take_last",
            "capture-take-last",
            vec![("seeds", num(c.take_last))],
        );
        if let Some(r @ (RowChoice::Own | RowChoice::Opponent)) = c.take_last_counted {
            say(
                Capture,
                "capture.take_last_counted",
                "capture-take-last-counted",
                vec![("place", s(row(r)))],
            );
        }
    }
    if c.rule != CaptureRule::None {
        if sow.passing_captures {
            let list = sow.passing_counts.as_ref().or(c.counts.as_ref());
            let counts = counts_phrase(
                loc,
                lang,
                list.map(Vec::as_slice).unwrap_or_default(),
                total,
            );
            let (key, id) = if sow.passing_to_mover {
                ("sowing.passing_to_mover", "capture-passing-mover")
            } else {
                ("sowing.passing_captures", "capture-passing")
            };
            say(
                Capture,
                key,
                id,
                vec![("place", s(place)), ("counts", FluentValue::from(counts))],
            );
            if sow.passing_last {
                say(
                    Capture,
                    "sowing.passing_last",
                    "capture-passing-last",
                    vec![],
                );
            }
            if let Some(r) = sow.passing_from.filter(|&r| r != RowChoice::Any) {
                say(
                    Capture,
                    "sowing.passing_from",
                    "capture-passing-from",
                    vec![("place", s(row(r)))],
                );
            }
        }
        if !c.on_opening() && c.opening_turns_without != 2 {
            say(
                Capture,
                "capture.on_opening",
                "capture-not-on-opening",
                vec![],
            );
        }
        match c.grand_slam() {
            GrandSlam::Allowed => {}
            GrandSlam::NoCapture => say(
                Capture,
                "capture.grand_slam",
                "capture-grand-slam-no-capture",
                vec![],
            ),
            GrandSlam::OpponentTakesRow => say(
                Capture,
                "capture.grand_slam",
                "capture-grand-slam-opponent-takes-row",
                vec![],
            ),
            GrandSlam::ExtraTurn => say(
                Capture,
                "capture.grand_slam",
                "capture-grand-slam-extra-turn",
                vec![],
            ),
            GrandSlam::Forbidden => {
                say(
                    Capture,
                    "capture.grand_slam",
                    "capture-grand-slam-forbidden",
                    vec![],
                );
                say(
                    Capture,
                    "capture.grand_slam_fallback",
                    match c.grand_slam_fallback() {
                        GrandSlamFallback::NoCapture => "capture-grand-slam-fallback-no-capture",
                        GrandSlamFallback::Capture => "capture-grand-slam-fallback-capture",
                        GrandSlamFallback::NotPlayed => "capture-grand-slam-fallback-not-played",
                    },
                    vec![],
                );
            }
        }
        if sow.lap_captures {
            say(
                Capture,
                "sowing.lap_captures",
                "capture-lap-captures",
                vec![],
            );
            if sow.lap_captures_sown_on {
                say(
                    Capture,
                    "sowing.lap_captures_sown_on",
                    "capture-lap-captures-sown-on",
                    vec![],
                );
            }
            if c.rule == CaptureRule::Counts {
                say(
                    Capture,
                    "sowing.lap_captures",
                    "capture-lap-captures-counts",
                    vec![],
                );
            }
            if let Some(at) = sow.opponent_takes_sown_at {
                say(
                    Capture,
                    "sowing.opponent_takes_sown_at",
                    "capture-opponent-takes-sown",
                    vec![("seeds", num(at))],
                );
            }
        }
        if let Some(r) = c.store_lost_in {
            say(
                Capture,
                "capture.store_lost_in",
                "capture-store-lost",
                vec![("place", s(row(r)))],
            );
        }
        if c.opponent_store {
            say(
                Capture,
                "capture.opponent_store",
                "capture-opponent-store",
                vec![],
            );
        }
        if let Some(leaves) = c.grand_slam_leaves {
            say(
                Capture,
                "capture.grand_slam_leaves",
                "capture-grand-slam-leaves",
                vec![(
                    "leaves",
                    s(match leaves {
                        SlamLeaves::Leftmost => "leftmost",
                        SlamLeaves::Rightmost => "rightmost",
                    }),
                )],
            );
        }
    }

    // Owned holes (tuzdik, children, wegs): said with the captures, which
    // they replace or feed.
    if let Some(o) = &spec.owned {
        if o.at_start == OwnedStart::Rightmost {
            say(
                Capture,
                "owned.at_start",
                "owned-at-start-rightmost",
                vec![],
            );
        }
        if o.count > 0 {
            let id = match o.make {
                OwnedMake::Count => "owned-make",
                OwnedMake::PairOpposite => "owned-make-pair",
                // The count as usual, then the pair.
                OwnedMake::PairBefore => "owned-make",
            };
            say(
                Capture,
                "owned.count",
                id,
                vec![("count", num(o.count)), ("place", s(row(o.row)))],
            );
            if o.make == OwnedMake::PairBefore {
                say(
                    Capture,
                    "owned.make",
                    "owned-make-pair-before",
                    vec![
                        ("count", num(o.count)),
                        ("less", num(o.count.saturating_sub(1))),
                    ],
                );
            }
            if o.per_player > 0 {
                say(
                    Capture,
                    "owned.per_player",
                    "owned-per-player",
                    vec![("max", num(o.per_player))],
                );
            }
            let places = match o.places {
                OwnedPlaces::Anywhere => None,
                OwnedPlaces::Ends => Some("ends"),
                OwnedPlaces::NotEnds => Some("not-ends"),
                OwnedPlaces::NotOpponentLast => Some("not-opponent-last"),
                OwnedPlaces::NotOpponentFirst => Some("not-opponent-first"),
                OwnedPlaces::OpponentEndsOwnMiddle => Some("opponent-ends-own-middle"),
                OwnedPlaces::EndsAndOpponentNextToEnds => Some("ends-and-opponent-next-to-ends"),
            };
            if let Some(places) = places {
                say(
                    Capture,
                    "owned.places",
                    "owned-places",
                    vec![("places", s(places))],
                );
            }
            if o.not_mirror {
                say(Capture, "owned.not_mirror", "owned-not-mirror", vec![]);
            }
            if o.not_facing {
                say(Capture, "owned.not_facing", "owned-not-facing", vec![]);
            }
            if o.holder != RowChoice::Any {
                say(
                    Capture,
                    "owned.holder",
                    "owned-holder",
                    vec![("holder", s(row(o.holder)))],
                );
            }
        }
        say(Capture, "owned", "owned-kept", vec![]);
        let past = match o.sow_past {
            SowPast::None => None,
            SowPast::Opponent => Some("opponent"),
            SowPast::OpponentButLast => Some("opponent-but-last"),
            SowPast::All => Some("all"),
        };
        if let Some(past) = past {
            say(
                Capture,
                "owned.sow_past",
                "owned-sow-past",
                vec![("past", s(past))],
            );
        }
        if o.raid > 0 {
            say(
                Capture,
                "owned.raid",
                "owned-raid",
                vec![("raid", num(o.raid))],
            );
        }
        // Only where something is captured at all.
        if o.captures_into && (c.rule != CaptureRule::None || o.raid > 0) {
            say(
                Capture,
                "owned.captures_into",
                "owned-captures-into",
                vec![],
            );
        }
    }

    // The end of the game.
    if e.majority {
        say(
            End,
            "end.majority",
            "end-majority",
            vec![("half", num(half))],
        );
    }
    if let Some(k) = e.win_seeds {
        say(
            End,
            "end.win_seeds",
            "end-win-seeds",
            vec![("seeds", num(k))],
        );
    }
    if e.rest_to_winner && (e.majority || e.win_seeds.is_some()) {
        say(End, "end.rest_to_winner", "end-rest-to-winner", vec![]);
    }
    let settle = match e.no_moves {
        Settlement::CollectOwn if stores => "settle-collect-store",
        Settlement::CollectOwn => "settle-collect",
        Settlement::Share => "settle-share",
        Settlement::LastMover => "settle-last-mover",
        Settlement::Removed => "settle-removed",
        Settlement::ShareOddToBehind => "settle-share-odd",
    };
    match e.result {
        ResultRule::Seeds => {
            if e.any_row_empty {
                say(End, "end.any_row_empty", "end-row-empty", vec![]);
            } else if pass {
                say(End, "moves.when_none", "end-board-empty", vec![]);
                if e.both_stuck {
                    say(End, "end.both_stuck", "end-both-stuck", vec![]);
                }
            } else {
                say(End, "moves.when_none", "end-no-move", vec![]);
            }
            if e.mover_row_empty {
                say(End, "end.mover_row_empty", "end-mover-row-empty", vec![]);
            }
            if e.opponent_row_empty {
                say(
                    End,
                    "end.opponent_row_empty",
                    "end-opponent-row-empty",
                    vec![],
                );
            }
            if let Some(k) = e.too_few_seeds {
                if e.too_few_to_starter {
                    say(
                        End,
                        "end.too_few_to_starter",
                        "end-too-few-to-starter",
                        vec![("min", num(k)), ("rounds", s(yes(spec.rounds.is_some())))],
                    );
                } else if e.too_few_to_mover {
                    say(
                        End,
                        "end.too_few_to_mover",
                        "end-too-few-to-mover",
                        vec![("min", num(k))],
                    );
                } else {
                    say(
                        End,
                        "end.too_few_seeds",
                        "end-too-few-seeds",
                        vec![("min", num(k))],
                    );
                }
            }
            if !pass
                || e.opponent_row_empty
                || e.any_row_empty
                || e.mover_row_empty
                || e.both_stuck
                || e.too_few_seeds.is_some()
            {
                say(End, "end.no_moves", settle, vec![]);
            }
            if e.unfed_takes_rest {
                say(End, "end.unfed_takes_rest", "end-unfed-takes-rest", vec![]);
            }
        }
        ResultRule::Deprivation => {
            if e.empty_row_wins {
                say(End, "end.empty_row_wins", "end-empty-row-wins", vec![]);
            } else {
                if e.mover_row_empty {
                    say(
                        End,
                        "end.mover_row_empty",
                        "end-mover-row-empty-loses",
                        vec![],
                    );
                }
                say(End, "end.result", "end-deprivation", vec![]);
            }
            say(
                End,
                "end.stuck",
                match e.stuck {
                    Stuck::Draw => "end-stuck-draw",
                    Stuck::Loss => "end-stuck-loss",
                },
                vec![],
            );
        }
    }
    match e.repetition {
        Repetition::None => {}
        Repetition::Share => say(End, "end.repetition", "end-repetition-share", vec![]),
        Repetition::CollectOwn => say(
            End,
            "end.repetition",
            "end-repetition-collect",
            vec![("stores", s(yes(stores)))],
        ),
        Repetition::Draw => say(End, "end.repetition", "end-repetition-draw", vec![]),
    }
    match e.result {
        ResultRule::Seeds => say(
            End,
            "end.result",
            "end-result-seeds",
            vec![("half", num(half))],
        ),
        ResultRule::Deprivation => say(End, "end.result", "end-result-deprivation", vec![]),
    }
    if let Some(r) = &spec.rounds {
        say(End, "rounds", "rounds-match", vec![]);
        if r.territory {
            say(
                End,
                "rounds.territory",
                "rounds-territory",
                vec![
                    ("seeds", num(spec.board.seeds_per_hole)),
                    (
                        "partial",
                        s(match r.partial_hole {
                            PartialHole::OverHalf => "over-half",
                            PartialHole::Loser => "loser",
                            PartialHole::LoserEmpty => "loser-empty",
                        }),
                    ),
                ],
            );
            // Rows judged for captures are the holes each player owns.
            if territory_rows(spec) {
                say(End, "rounds.territory", "rounds-territory-rows", vec![]);
            }
        } else if r.is_tallied() {
            let random = spec.board.layout == StartLayout::Random;
            say(
                End,
                if r.round_wins.is_some() {
                    "rounds.round_wins"
                } else {
                    "rounds.seeds_to_win"
                },
                "rounds-fresh",
                vec![("random", s(if random { "yes" } else { "no" }))],
            );
        } else {
            let fill = match r.fill {
                RoundFill::Left => "left",
                RoundFill::Right => "right",
                RoundFill::Outside => "outside",
                RoundFill::OutsideWest => "outside-west",
                RoundFill::West => "west",
            };
            say(
                End,
                "rounds.fill",
                "rounds-fill",
                vec![("fill", s(fill)), ("seeds", num(spec.board.seeds_per_hole))],
            );
            if r.loser_only {
                say(End, "rounds.loser_only", "rounds-loser-only", vec![]);
            }
            say(
                End,
                "rounds.blocked",
                if r.blocked {
                    "rounds-blocked"
                } else {
                    "rounds-not-blocked"
                },
                vec![],
            );
        }
        say(
            End,
            "rounds.starter",
            "rounds-starter",
            vec![("starter", s(starter_key(r.starter)))],
        );
        if let Some(wins) = r.round_wins {
            say(
                End,
                "rounds.round_wins",
                "rounds-end-wins",
                vec![("wins", num(wins))],
            );
            if let Some(at) = r.double_win_seeds {
                say(
                    End,
                    "rounds.double_win_seeds",
                    "rounds-double-win",
                    vec![("seeds", num(at))],
                );
            }
        } else if let Some(seeds) = r.seeds_to_win {
            say(
                End,
                "rounds.seeds_to_win",
                "rounds-end-seeds-tally",
                vec![("seeds", num(seeds))],
            );
        } else if r.territory {
            let least = r.least_seeds(spec.board.seeds_per_hole);
            say(
                End,
                "rounds.min_seeds",
                "rounds-end-seeds",
                vec![("seeds", num(least))],
            );
        } else {
            say(
                End,
                "rounds.min_holes",
                "rounds-end",
                vec![("holes", num(r.min_holes))],
            );
        }
    }
    // The speaker holds `out` as long as it lives.
    drop(say);
    out
}

/// The `direction` variant of a capture chain's sentence.
fn direction_key(direction: ChainDirection) -> &'static str {
    match direction {
        ChainDirection::Against => "against",
        ChainDirection::Along => "along",
        ChainDirection::Both => "both",
    }
}

/// The `rows` variant of a capture chain's sentence: whether it may cross
/// into the other row.
fn chain_rows(chain: Chain) -> &'static str {
    if chain == Chain::SameRow {
        "same"
    } else {
        "both"
    }
}

/// The `rounds-starter` variant of who starts the next round.
fn starter_key(starter: RoundStarter) -> &'static str {
    match starter {
        RoundStarter::Alternate => "alternate",
        RoundStarter::Loser => "loser",
        RoundStarter::LoserElseLastMover => "loser-else-last-mover",
        RoundStarter::WinnerElseNotLastMover => "winner-else-not-last-mover",
        RoundStarter::Winner => "winner",
        RoundStarter::LastMover => "last-mover",
    }
}

/// A side's rightmost hole: the last of their row in sowing order.
fn rightmost(rules: &Rules, side: Side) -> usize {
    let row = rules.row(side);
    match rules.spec().sowing.direction {
        Direction::Clockwise => row.start,
        // Games whose direction varies compile counter-clockwise.
        _ => row.end - 1,
    }
}

/// The rules sentences of a four-row game (`board.rows = 4`): its board,
/// moves and sowing, the captures of `[rows]`, and its end.
fn four_row_sentences(rules: &Rules, loc: &Localizer, lang: Lang) -> Vec<Sentence> {
    let spec = rules.spec();
    let side_holes = rules.holes_per_side();
    let rows = spec.rows.clone().unwrap_or_default();
    let sow = &spec.sowing;
    let mut out = Vec::new();
    let mut say = speaker(loc, lang, &mut out);
    use Section::{Board, Capture, Play};

    say(
        Board,
        "board.rows",
        "board-four-rows",
        vec![("holes", num(rules.holes_per_row() as u32))],
    );
    if rows.start_inner.is_empty() {
        let (key, seeds_id) = match spec.board.layout {
            StartLayout::OuterRows => ("board.layout", "board-seeds-outer-rows"),
            _ => ("board.seeds_per_hole", "board-seeds"),
        };
        say(
            Board,
            key,
            seeds_id,
            vec![
                ("seeds", num(spec.board.seeds_per_hole)),
                ("total", num(rules.total_seeds())),
            ],
        );
    } else {
        // Each occupied column as a phrase of its own, numbers and all.
        let holes: Vec<String> = (1..)
            .zip(&rows.start_inner)
            .filter(|&(_, &seeds)| seeds > 0)
            .map(|(column, &seeds)| {
                loc.tr(
                    lang,
                    "rows-start-inner-hole",
                    &[("seeds", num(seeds)), ("column", num(column))],
                )
            })
            .collect();
        let comma = match lang {
            Lang::Fa => "، ",
            Lang::My => "၊ ",
            Lang::En | Lang::Pa => ", ",
        };
        say(
            Board,
            "rows.start_inner",
            "rows-start-inner",
            vec![("holes", FluentValue::from(holes.join(comma)))],
        );
    }
    if let Some(hand) = rows.hand {
        say(
            Board,
            "rows.hand",
            "rows-hand",
            vec![("hand", num(hand)), ("total", num(rules.total_seeds()))],
        );
    }
    say(
        Board,
        "",
        "board-owners-rings",
        vec![
            (
                "south",
                FluentValue::from(labels(side_holes, 0..side_holes)),
            ),
            (
                "north",
                FluentValue::from(labels(side_holes, side_holes..2 * side_holes)),
            ),
        ],
    );
    say(
        Board,
        "board.first_player",
        "board-first",
        vec![("first", s(side(spec.board.first_player)))],
    );
    say(Board, "", "board-notation", vec![]);

    say(
        Play,
        "moves.min_seeds",
        "play-lift-min-ring",
        vec![("min", num(spec.moves.min_seeds))],
    );
    say(
        Play,
        "sowing.start",
        "sow-next",
        vec![("dir", s(dir(sow.direction)))],
    );
    if let Some(rule) = direction_rule(sow.direction) {
        say(
            Play,
            "sowing.direction",
            "sow-direction",
            vec![("rule", s(rule))],
        );
    }
    match sow.laps {
        Laps::Single => say(Play, "sowing.laps", "sow-single-lap", vec![]),
        Laps::Relay => {
            say(Play, "sowing.laps", "sow-relay", vec![]);
            say(Play, "sowing.endless", "play-endless-illegal", vec![]);
        }
    }
    if rows.hand.is_some() {
        say(Play, "rows.hand", "rows-namua", vec![]);
    }
    if let Some(column) = rows.nyumba {
        say(
            Play,
            "rows.nyumba",
            "rows-nyumba",
            vec![("column", num(column)), ("tax", num(2))],
        );
    }
    if rows.non_capturing_from_inner {
        say(
            Play,
            "rows.non_capturing_from_inner",
            "rows-from-inner",
            vec![],
        );
    }
    if rows.lone_kichwa_inward {
        say(Play, "rows.lone_kichwa_inward", "rows-lone-kichwa", vec![]);
    }
    if rows.singles_last {
        say(Play, "rows.singles_last", "rows-singles-last", vec![]);
    }
    if rows.first_move_from_inner {
        say(
            Play,
            "rows.first_move_from_inner",
            "rows-first-move-from-inner",
            vec![],
        );
    }

    if rows.first_move_single_lap {
        say(
            Play,
            "rows.first_move_single_lap",
            "rows-first-move-single-lap",
            vec![],
        );
    }
    if !rows.clockwise_capture_holes.is_empty() {
        // South's labels, then North's.
        let holes = [0, side_holes]
            .map(|first| {
                let at = rows.clockwise_capture_holes.iter();
                let each =
                    at.map(|&at| hole_label(side_holes, first + at as usize - 1).to_string());
                each.collect::<Vec<_>>().join(" ")
            })
            .join(" / ");
        say(
            Play,
            "rows.clockwise_capture_holes",
            "rows-clockwise-capture-holes",
            vec![("holes", FluentValue::from(holes))],
        );
    }

    let Some(capture) = rows.capture else {
        say(Capture, "rows.capture", "capture-none", vec![]);
        four_row_end(&mut say, &rows, spec);
        drop(say);
        return out;
    };
    let capture_id = match capture {
        RowsCapture::Facing => "rows-capture-facing",
        RowsCapture::FacingFromEmpty => "rows-capture-facing-from-empty",
        RowsCapture::Both => "rows-capture-both",
    };
    say(Capture, "rows.capture", capture_id, vec![]);
    match rows.capture_behind {
        Some(CaptureBehind::AfterInner) => say(
            Capture,
            "rows.capture_behind",
            "rows-capture-behind-after-inner",
            vec![],
        ),
        Some(CaptureBehind::Each) => say(
            Capture,
            "rows.capture_behind",
            "rows-capture-behind-each",
            vec![],
        ),
        None => {}
    }
    if let Some(max) = rows.capture_start_max {
        say(
            Capture,
            "rows.capture_start_max",
            "rows-capture-start-max",
            vec![("max", num(max))],
        );
    }
    if rows.compulsory_capture {
        say(
            Capture,
            "rows.compulsory_capture",
            "rows-compulsory",
            vec![],
        );
    }
    if rows.first_lap_decides {
        say(
            Capture,
            "rows.first_lap_decides",
            "rows-first-lap-decides",
            vec![],
        );
    }
    let (sown_key, sown_from) = match rows.taken_sown_from {
        Some(TakenSownFrom::Kichwa) => ("rows.taken_sown_from", "rows-sown-from-kichwa"),
        Some(TakenSownFrom::LapOrigin) => ("rows.taken_sown_from", "rows-sown-from-lap-origin"),
        Some(TakenSownFrom::LapFirst) => ("rows.taken_sown_from", "rows-sown-from-lap-first"),
        Some(TakenSownFrom::CapturingHole) => {
            ("rows.taken_sown_from", "rows-sown-from-capturing-hole")
        }
        None if rows.taken_out_of_play => ("rows.taken_out_of_play", "rows-taken-out-of-play"),
        None => ("rows.taken_sown_from", "rows-taken-kept"),
    };
    say(Capture, sown_key, sown_from, vec![]);
    if let Some(holes) = rows.chosen_captures {
        say(
            Capture,
            "rows.chosen_captures",
            "rows-chosen-captures",
            vec![("holes", num(holes))],
        );
        if rows.chosen_captures_on_empty {
            say(
                Capture,
                "rows.chosen_captures_on_empty",
                "rows-chosen-captures-on-empty",
                vec![],
            );
        }
    }
    if matches!(
        rows.taken_sown_from,
        Some(TakenSownFrom::LapOrigin | TakenSownFrom::LapFirst)
    ) {
        if rows.capture_ends_move {
            say(
                Capture,
                "rows.capture_ends_move",
                "rows-capture-ends-move",
                vec![],
            );
        } else {
            say(Capture, "rows.capture_ends_move", "rows-sown-on", vec![]);
        }
    }
    four_row_end(&mut say, &rows, spec);
    drop(say);
    out
}

/// The end sentences of a four-row game, said after its others.
fn four_row_end(
    say: &mut impl FnMut(Section, &'static str, &str, Args),
    rows: &RowsSpec,
    spec: &RuleSpec,
) {
    use Section::End;
    if rows.inner_row_empty_loses {
        say(
            End,
            "rows.inner_row_empty_loses",
            "rows-inner-empty-loses",
            vec![],
        );
    }
    say(
        End,
        "end.stuck",
        match spec.end.stuck {
            Stuck::Loss => "rows-no-move-loses",
            Stuck::Draw => "rows-no-move-draw",
        },
        vec![],
    );
}
