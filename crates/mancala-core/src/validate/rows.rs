//! Validation of three- and four-row boards and `[rows]`: which keys of the
//! two-row tables a four-row game may set, which a three-row game may not
//! (those that name a facing hole or a row's halves and ends), and the
//! `[rows]` keys that need others.

use serde::Serialize;

use crate::spec::*;

use super::issue::{SpecIssue, issue};

/// The keys of each two-row table a four-row game may set; every other key
/// of those tables must keep its default.
const FOUR_ROW_KEYS: &[(&str, &[&str])] = &[
    ("sowing", &["start", "laps", "direction", "endless"]),
    ("moves", &["min_seeds"]),
    ("capture", &[]),
    ("end", &["result", "stuck"]),
];

/// The most holes a capture may earn by choice (`rows.chosen_captures`).
const MAX_CHOSEN_CAPTURES: u32 = 8;

/// `board.rows` against the other tables, and `[rows]`.
pub(crate) fn check(spec: &RuleSpec) -> Result<(), SpecIssue> {
    if spec.board.rows != 4 {
        if spec.rows.is_some() {
            return Err(issue(
                "rows",
                "the [rows] table is for four-row boards: set board.rows = 4, or leave [rows] out",
            ));
        }
        if spec.board.rows == 3 {
            return check_three_rows(spec);
        }
        return Ok(());
    }
    let b = &spec.board;
    if b.stores {
        return Err(issue("board.stores", "a four-row board has no stores"));
    }
    if !matches!(b.layout, StartLayout::Uniform | StartLayout::OuterRows) || b.total_seeds.is_some()
    {
        let key = if b.total_seeds.is_some() {
            "board.total_seeds"
        } else {
            "board.layout"
        };
        return Err(issue(
            key,
            "a four-row board starts with seeds_per_hole in every hole, or in every outer hole (layout = \"outer-rows\"); other start layouts are two-row keys",
        ));
    }
    if spec.rounds.is_some() {
        return Err(issue(
            "rounds",
            "four-row games are single games, not matches of rounds",
        ));
    }
    if spec.owned.is_some() {
        return Err(issue("owned", "owned holes are a two-row rule"));
    }
    let defaults = default_tables();
    let tables = [
        ("sowing", to_json(&spec.sowing)),
        ("moves", to_json(&spec.moves)),
        ("capture", to_json(&spec.capture)),
        ("end", to_json(&spec.end)),
    ];
    for ((table, value), (_, allowed)) in tables.iter().zip(FOUR_ROW_KEYS) {
        let default = &defaults[table];
        let value = value.as_object().expect("a table is an object");
        for (key, v) in value {
            let unchanged =
                default.get(key) == Some(v) || (default.get(key).is_none() && v.is_null());
            if !unchanged && !allowed.contains(&key.as_str()) {
                let why = if *table == "capture" {
                    "on a four-row board captures are set in [rows] (rows.capture), not [capture]"
                        .to_string()
                } else {
                    format!(
                        "`{table}.{key}` is a two-row key; a four-row game may set only {} in [{table}], and [rows]",
                        allowed.join(", ")
                    )
                };
                return Err(issue(&format!("{table}.{key}"), why));
            }
        }
    }
    let s = &spec.sowing;
    if s.start != SowStart::Next {
        return Err(issue(
            "sowing.start",
            "on four rows a lap starts in the hole after the one lifted: start = \"next\"",
        ));
    }
    if matches!(
        s.direction,
        Direction::Outward | Direction::Inward | Direction::Parity | Direction::Alternate
    ) {
        return Err(issue(
            "sowing.direction",
            "on four rows the direction is counter-clockwise, clockwise, or chosen by the mover every move",
        ));
    }
    if s.endless != Endless::Illegal {
        return Err(issue(
            "sowing.endless",
            "on four rows a move whose sowing never ends is illegal (endless = \"illegal\")",
        ));
    }
    if spec.end.result != ResultRule::Deprivation {
        return Err(issue(
            "end.result",
            "a four-row game is won by leaving the opponent without a move: result = \"deprivation\"",
        ));
    }
    let Some(r) = &spec.rows else {
        return Ok(());
    };
    let needs_capture = [
        ("rows.taken_sown_from", r.taken_sown_from.is_some()),
        ("rows.capture_behind", r.capture_behind.is_some()),
        ("rows.taken_out_of_play", r.taken_out_of_play),
        ("rows.capture_start_max", r.capture_start_max.is_some()),
        ("rows.compulsory_capture", r.compulsory_capture),
        ("rows.first_lap_decides", r.first_lap_decides),
        ("rows.capture_ends_move", r.capture_ends_move),
        (
            "rows.clockwise_capture_holes",
            !r.clockwise_capture_holes.is_empty(),
        ),
        ("rows.chosen_captures", r.chosen_captures.is_some()),
        ("rows.chosen_captures_on_empty", r.chosen_captures_on_empty),
    ];
    if r.capture.is_none()
        && let Some((key, _)) = needs_capture.iter().find(|(_, set)| *set)
    {
        return Err(issue(
            key,
            "this rule is about captures: it needs rows.capture",
        ));
    }
    if let Some(n) = r.chosen_captures
        && !(1..=MAX_CHOSEN_CAPTURES).contains(&n)
    {
        return Err(issue(
            "rows.chosen_captures",
            format!("{n} chosen holes: give 1 to {MAX_CHOSEN_CAPTURES}, or leave the key out"),
        ));
    }
    if r.chosen_captures.is_some() && r.taken_sown_from.is_some() {
        return Err(issue(
            "rows.chosen_captures",
            "holes are chosen after a capture whose seeds leave the board (kept or out of play): leave out chosen_captures or taken_sown_from",
        ));
    }
    if r.chosen_captures_on_empty
        && (r.chosen_captures.is_none() || r.capture != Some(RowsCapture::FacingFromEmpty))
    {
        return Err(issue(
            "rows.chosen_captures_on_empty",
            "this earns the chosen holes by a last seed in an empty inner hole: it needs chosen_captures and capture = \"facing-from-empty\"",
        ));
    }
    if r.capture_start_max == Some(0) {
        return Err(issue(
            "rows.capture_start_max",
            "0 would forbid every capture: give at least 1, or leave the key out",
        ));
    }
    if r.taken_out_of_play && r.taken_sown_from.is_some() {
        return Err(issue(
            "rows.taken_out_of_play",
            "taken seeds that are sown on stay in play: leave out taken_out_of_play or taken_sown_from",
        ));
    }
    if r.capture == Some(RowsCapture::FacingFromEmpty) {
        // These rules are about a lap ending in an occupied hole, which
        // captures here nothing: a capture from an empty hole ends the
        // move, or sows on from the capturing hole and then ends it.
        let occupied_only = [
            (
                "rows.taken_sown_from",
                matches!(
                    r.taken_sown_from,
                    Some(
                        TakenSownFrom::Kichwa | TakenSownFrom::LapOrigin | TakenSownFrom::LapFirst
                    )
                ),
            ),
            ("rows.capture_start_max", r.capture_start_max.is_some()),
            ("rows.compulsory_capture", r.compulsory_capture),
            ("rows.first_lap_decides", r.first_lap_decides),
            ("rows.lone_kichwa_inward", r.lone_kichwa_inward),
            ("rows.non_capturing_from_inner", r.non_capturing_from_inner),
            (
                "rows.clockwise_capture_holes",
                !r.clockwise_capture_holes.is_empty(),
            ),
        ];
        if let Some((key, _)) = occupied_only.iter().find(|(_, set)| *set) {
            return Err(issue(
                key,
                "this rule is about captures by a last seed in an occupied hole (capture = \"facing\" or \"both\"); \
                 a capture from an empty hole (capture = \"facing-from-empty\") ends the move, or sows the taken seeds on \
                 from the capturing hole (taken_sown_from = \"capturing-hole\")",
            ));
        }
    }
    if r.capture == Some(RowsCapture::Both) && r.capture_behind.is_some() {
        return Err(issue(
            "rows.capture_behind",
            "capture = \"both\" already takes the outer hole behind, and only with the inner one: leave capture_behind out",
        ));
    }
    if r.taken_sown_from == Some(TakenSownFrom::CapturingHole)
        && r.capture != Some(RowsCapture::FacingFromEmpty)
    {
        return Err(issue(
            "rows.taken_sown_from",
            "sowing the taken seeds on from the capturing hole needs capture = \"facing-from-empty\"",
        ));
    }
    if r.singles_last && spec.moves.min_seeds > 1 {
        return Err(issue(
            "rows.singles_last",
            "single seeds are never sown with moves.min_seeds above 1: leave singles_last out, or set min_seeds = 1",
        ));
    }
    if r.taken_sown_from == Some(TakenSownFrom::Kichwa) && spec.board.holes_per_row < 3 {
        return Err(issue(
            "rows.taken_sown_from",
            "sowing taken seeds from a kichwa needs at least 3 holes a row (each end decides the direction, and the two kichwas differ)",
        ));
    }
    if r.capture_ends_move
        && matches!(
            r.taken_sown_from,
            None | Some(TakenSownFrom::Kichwa | TakenSownFrom::CapturingHole)
        )
    {
        return Err(issue(
            "rows.capture_ends_move",
            "the move can end after the taken seeds are sown only when they are sown from the lap: \
             set rows.taken_sown_from = \"lap-origin\" or \"lap-first\" (sown from the capturing hole, they end the move already)",
        ));
    }
    if let Some(hand) = r.hand {
        if hand == 0 {
            return Err(issue(
                "rows.hand",
                "0 seeds in hand is no namua stage: give at least 1, or leave the key out",
            ));
        }
        // Every seed of the game is counted in a byte.
        let on_board: u64 = if r.start_inner.is_empty() {
            spec.board.seeds_per_hole as u64 * spec.board.holes() as u64
        } else {
            2 * r.start_inner.iter().map(|&s| s as u64).sum::<u64>()
        };
        if on_board + 2 * hand as u64 > 255 {
            return Err(issue(
                "rows.hand",
                format!(
                    "{} seeds on the board and in the hands: a game has at most 255",
                    on_board + 2 * hand as u64
                ),
            ));
        }
        if r.capture != Some(RowsCapture::Facing)
            || r.taken_sown_from != Some(TakenSownFrom::Kichwa)
        {
            return Err(issue(
                "rows.hand",
                "a namua move captures the facing hole and sows the taken seeds from a kichwa: \
                 it needs rows.capture = \"facing\" and rows.taken_sown_from = \"kichwa\"",
            ));
        }
    }
    if !r.start_inner.is_empty() {
        let m = spec.board.holes_per_row as usize;
        if r.start_inner.len() != m {
            return Err(issue(
                "rows.start_inner",
                format!(
                    "{} numbers for an inner row of {m} holes: give one a hole, from the player's left",
                    r.start_inner.len()
                ),
            ));
        }
        if r.start_inner.iter().any(|&s| s > 255) || r.start_inner.iter().all(|&s| s == 0) {
            return Err(issue(
                "rows.start_inner",
                "each player's inner row starts with some seeds, at most 255 a hole",
            ));
        }
        if spec.board.layout != StartLayout::Uniform {
            return Err(issue(
                "rows.start_inner",
                "the start is given either by board.layout or by rows.start_inner: leave one out",
            ));
        }
    }
    if let Some(column) = r.nyumba {
        if r.hand.is_none() {
            return Err(issue(
                "rows.nyumba",
                "the nyumba serves its owner in the namua stage, while seeds are in hand: set rows.hand",
            ));
        }
        let m = spec.board.holes_per_row;
        if column == 0 || column > m {
            return Err(issue(
                "rows.nyumba",
                format!("{column} is not an inner column: give 1 to {m}, from the player's left"),
            ));
        }
    }
    if !r.clockwise_capture_holes.is_empty() {
        let ring = 2 * spec.board.holes_per_row;
        if let Some(bad) = r
            .clockwise_capture_holes
            .iter()
            .find(|&&at| at == 0 || at > ring)
        {
            return Err(issue(
                "rows.clockwise_capture_holes",
                format!(
                    "{bad} is not a hole of a player's ring: give positions 1 to {ring}, counted from the outer row's left end"
                ),
            ));
        }
        if spec.sowing.direction != Direction::Chosen {
            return Err(issue(
                "rows.clockwise_capture_holes",
                "sowing clockwise from some holes is a choice of direction: set sowing.direction = \"chosen\"",
            ));
        }
    }
    Ok(())
}

/// A three-row game plays the two-row rules round one ring of all its
/// holes (`docs/three-rows.md`); the keys that need a hole facing another
/// across the board, a store at a row's end, or a row's halves and ends
/// have no meaning there.
fn check_three_rows(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let b = &spec.board;
    let c = &spec.capture;
    let facing = "on three rows no hole faces another across the board";
    let refused: [(&str, bool, &str); 12] = [
        ("board.stores", b.stores, "a three-row board has no stores"),
        (
            "board.layout",
            !b.layout.is_uniform() || b.total_seeds.is_some(),
            "a three-row board starts with seeds_per_hole in every hole",
        ),
        (
            "sowing.own_row",
            spec.sowing.own_row,
            "on three rows every lap goes round the one ring through all the holes",
        ),
        (
            "sowing.direction",
            !matches!(
                spec.sowing.direction,
                Direction::CounterClockwise | Direction::Clockwise
            ),
            "on three rows the direction is counter-clockwise or clockwise",
        ),
        (
            "sowing.chosen_holes",
            !spec.sowing.chosen_holes.is_empty(),
            "on three rows the direction is counter-clockwise or clockwise",
        ),
        (
            "moves.opening",
            spec.moves.opening != Opening::Any,
            "an opening restricted to a row's right end or half needs two rows",
        ),
        (
            "capture.rule",
            !matches!(
                c.rule,
                CaptureRule::None | CaptureRule::Counts | CaptureRule::Next
            ),
            "on three rows a capture takes the last hole or the next one (none, counts, next): no hole faces another across the board",
        ),
        ("capture.take_facing", c.take_facing, facing),
        ("capture.empty_opposite", c.empty_opposite, facing),
        ("capture.pull_across", c.pull_across, facing),
        (
            "owned.make",
            spec.owned
                .as_ref()
                .is_some_and(|o| o.make != OwnedMake::Count),
            "on three rows a hole is made one's own by its count (make = \"count\"): no hole faces another",
        ),
        (
            "owned.places",
            spec.owned
                .as_ref()
                .is_some_and(|o| o.places != OwnedPlaces::Anywhere || o.not_mirror || o.not_facing),
            "on three rows a player's holes are not one row with two ends: places = \"anywhere\", without not_mirror or not_facing",
        ),
    ];
    match refused.into_iter().find(|(_, set, _)| *set) {
        Some((key, _, why)) => Err(issue(key, why)),
        None => Ok(()),
    }
}

fn to_json(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).expect("a rule table serialises")
}

/// Each two-row table with every key at its default.
fn default_tables()
-> std::collections::HashMap<&'static str, serde_json::Map<String, serde_json::Value>> {
    let sowing: SowingSpec = toml::from_str("start = \"next\"").expect("the default sowing");
    [
        ("sowing", to_json(&sowing)),
        ("moves", to_json(&MovesSpec::default())),
        ("capture", to_json(&CaptureSpec::default())),
        ("end", to_json(&EndSpec::default())),
    ]
    .into_iter()
    .map(|(k, v)| (k, v.as_object().expect("a table").clone()))
    .collect()
}
