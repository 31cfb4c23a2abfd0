//! A canonical description of what a game's compiled rules do in play, for
//! files (solved databases) that must refuse other rules but not a renamed
//! game or a rule file written differently.

use crate::layout::Layout;
use crate::rules::{
    CaptureRules, DirectionRule, HoleDirection, MoveRules, RowRules, Rules, SowingRules,
};
use crate::spec::{
    CaptureRule, Chain, ChainDirection, EndSpec, GrandSlam, PartialHole, Repetition, ResultRule,
    RoundFill, RoundStarter, RowChoice, Settlement, StartLayout, Stuck, TakenSownFrom,
};

/// Bumped when the encoding below changes meaning.
const FINGERPRINT_VERSION: u8 = 1;

impl Rules {
    /// Every compiled rule that affects play, as canonical bytes: two rule
    /// sets have the same fingerprint exactly when they play the same game.
    /// The game's id, name and origin, and how its rule file is written
    /// (comments, order, defaults left out), do not count.
    ///
    /// ```
    /// use mancala_core::Rules;
    /// let tihbat = Rules::builtin("tihbat")?;
    /// let text = Rules::builtin_source("tihbat").unwrap().replace("name = \"Tihbat\"", "name = \"Other\"");
    /// let renamed = Rules::from_toml("other", &text, "other.toml")?;
    /// assert_eq!(tihbat.play_fingerprint(), renamed.play_fingerprint());
    /// assert_ne!(tihbat.play_fingerprint(), Rules::builtin("modiar")?.play_fingerprint());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_fingerprint(&self) -> Vec<u8> {
        // Destructured without `..`: a new rule field does not compile until
        // it is encoded here (or said not to affect play).
        let Rules {
            spec,
            id: _,
            layout:
                Layout {
                    n,
                    rows: board_rows,
                    row_len,
                    // Derived from `rows` and `row_len`.
                    inner_mask: _,
                    holes,
                    // Derived from `holes`.
                    board_words: _,
                    clockwise,
                    prev,
                    // Derived from `prev`.
                    next: _,
                    row_mask,
                    // Derived from `row_mask`.
                    row_bytes: _,
                    rightmost,
                    // Derived from the number of holes.
                    relay_divmod: _,
                    // Derived from the number of holes and `skip_origin`.
                    lap_divmod: _,
                    // Derived from the row layout and `into_store`.
                    ring_next: _,
                    ring_stores: _,
                    // Derived from `into_store` and `own_row`.
                    ring_table: _,
                    // Derived from the board and direction.
                    short_laps: _,
                    ring_laps: _,
                    start_board,
                    total_seeds,
                },
            sowing:
                SowingRules {
                    relay,
                    start_in_origin,
                    relay_stops_at_capture,
                    passing_captures,
                    skip_origin,
                    endless_draws,
                    first_moves_clockwise,
                    into_store: sow_into_store,
                    own_row,
                    direction_rule,
                    hole_direction,
                    single_to_next,
                    passing,
                    passing_last,
                    lap_captures,
                    passing_to_mover,
                    lap_captures_sown_on,
                    into_opponent_store: sow_into_opponent_store,
                    relay_counted,
                    relay_goes_on,
                    lap_keeps_one,
                    relay_rows,
                    // The capture zone within `sowing.passing_from`, encoded below.
                    passing_zone: _,
                    single_takes_facing,
                    singles_take_facing,
                    // Derived from the flags above.
                    lap_prelude: _,
                    closes_at,
                    closable,
                    opening_lands_across,
                    opponent_takes_at,
                    skip_count,
                    hole_limit,
                    // Derived from the flags above.
                    lap_rare: _,
                },
            moves:
                MoveRules {
                    opening,
                    feed,
                    extra_turn,
                    min_seeds,
                    opening_nearest,
                    feed_else_any,
                    pass_when_stuck,
                    each_hole_first,
                    // Derived from `each_hole_first` and `moved_from_only`.
                    tracks_moved_from: _,
                    must_leave_seeds,
                    empty_or_across,
                    single_to_empty,
                    any_row,
                    extra_turn_once,
                    opening_shift,
                    extra_turn_opponent_store,
                    right_half,
                    last_resort,
                    last_resort_rightmost,
                    rams,
                    no_return,
                    not_facing_single,
                    lands_occupied,
                    // Derived from the sowing ring.
                    ram_at: _,
                },
            capture:
                CaptureRules {
                    slam_fallback,
                    sweep: sweeping,
                    wait,
                    rule: capture,
                    capturing,
                    zone: capture_zone,
                    chain,
                    to_mover,
                    grand_slam,
                    take_sower,
                    empty_opposite,
                    // Derived from `rule` and `capturing` (empty unless counted).
                    opposite_counted: _,
                    pull_across,
                    chain_limit,
                    chain_direction,
                    chain_rare: _,
                    moved_from_only,
                    // Derived from `wait`.
                    waits: _,
                    not_from_single,
                    take_last,
                    take_facing,
                    take_last_counted,
                    slam_leaves_lowest,
                    opponent_store: take_opponent_store,
                    store_lost,
                    // Derived from the flags above.
                    store_captures: _,
                    take_counted,
                },
            rows: row_rules,
            opened_key_mask,
            end,
            rounds,
            // Derived from the rest.
            twin: _,
            owning,
            // Derived from the rest.
            rare: _,
            moves_without_sowing: _,
            rare_ends: _,
            // These rules without `skip_count`.
            opening_rules: _,
        } = self;
        // The compiled choices, as the flags the encoding below was
        // written with.
        let relay = &relay.on();
        let relay_next = &self.sowing.relay.goes_from_next();
        let relay_from_store = &self.sowing.relay.goes_from_store();
        let opening_rightmost = &opening.rightmost();
        let opening_first_only = &opening.first_only();
        let opening_two = &opening.two_rightmost();
        let opening_right_half = &opening.right_half();
        let must_feed = &feed.must_feed();
        let feed_after_capture = &feed.after_capture();
        let extra_turn_store = &extra_turn.on_store();
        let extra_turn_capture = &extra_turn.on_capture();
        let grand_slam_fallback_captures = &slam_fallback.captures();
        let grand_slam_fallback_none = &slam_fallback.not_played();
        let sweep = &sweeping.row();
        let sweep_board = &sweeping.board();
        let capture_on_opening = &wait.on_opening();
        let capture_after_both = &wait.after_both();
        let EndSpec {
            no_moves,
            stuck,
            repetition,
            majority,
            result,
            any_row_empty,
            too_few_seeds,
            unfed_takes_rest,
            mover_row_empty,
            both_stuck,
            win_seeds,
            empty_row_wins,
            too_few_to_mover,
            opponent_row_empty,
            rest_to_winner,
            too_few_to_starter,
        } = end;
        let mut out = Vec::with_capacity(160);
        out.extend_from_slice(b"mancala-rules");
        out.push(FINGERPRINT_VERSION);
        // The opening position: the engine reads these from the spec.
        out.extend_from_slice(&spec.board.seeds_per_hole.to_le_bytes());
        out.push(spec.board.first_player.index() as u8);
        out.extend_from_slice(&(*n as u32).to_le_bytes());
        out.extend_from_slice(&(*holes as u32).to_le_bytes());
        out.extend_from_slice(&total_seeds.to_le_bytes());
        out.extend_from_slice(&prev[..*holes]);
        for mask in row_mask.iter().chain(capture_zone) {
            out.extend_from_slice(&mask.to_le_bytes());
        }
        out.extend_from_slice(rightmost);
        out.push(*min_seeds);
        out.push(*opened_key_mask);
        let flags = [
            *clockwise,
            *start_in_origin,
            *relay,
            *skip_origin,
            *endless_draws,
            *opening_rightmost,
            *opening_nearest,
            *must_feed,
            *pass_when_stuck,
            *to_mover,
            *capture_on_opening,
            *grand_slam_fallback_captures,
            *majority,
        ];
        out.extend(flags.map(u8::from));
        out.push(match capture {
            CaptureRule::None => 0,
            CaptureRule::Counts => 1,
            CaptureRule::Opposite => 2,
            CaptureRule::AcrossGap => 3,
            CaptureRule::Next => 4,
            CaptureRule::Match => 5,
            CaptureRule::NextCounts => 6,
        });
        let mut counts = [0u8; 32];
        for (c, _) in capturing.iter().enumerate().filter(|(_, on)| **on) {
            counts[c / 8] |= 1 << (c % 8);
        }
        out.extend_from_slice(&counts);
        out.push(match chain {
            Chain::None => 0,
            Chain::SameRow => 1,
            Chain::BothRows => 2,
        });
        out.push(match grand_slam {
            GrandSlam::Allowed => 0,
            GrandSlam::NoCapture => 1,
            GrandSlam::Forbidden => 2,
            GrandSlam::OpponentTakesRow => 3,
            GrandSlam::ExtraTurn => 4,
        });
        out.push(match no_moves {
            Settlement::CollectOwn => 0,
            Settlement::Share => 1,
            Settlement::LastMover => 2,
            Settlement::Removed => 3,
            Settlement::ShareOddToBehind => 4,
        });
        out.push(match stuck {
            Stuck::Draw => 0,
            Stuck::Loss => 1,
        });
        out.push(match repetition {
            Repetition::None => 0,
            Repetition::Share => 1,
            Repetition::CollectOwn => 2,
            Repetition::Draw => 3,
        });
        out.push(match result {
            ResultRule::Seeds => 0,
            ResultRule::Deprivation => 1,
        });
        // Options added since: encoded only when one is used, so that the
        // games without them keep their fingerprints.
        let more = [
            *relay_stops_at_capture,
            *passing_captures,
            *grand_slam_fallback_none,
            *take_sower,
            *empty_opposite,
            *must_leave_seeds,
            *sow_into_store,
            *extra_turn_store,
            *extra_turn_capture,
            *any_row_empty,
            *unfed_takes_rest,
            *mover_row_empty,
        ];
        // A game of rounds writes the block above always, then its rounds:
        // the lengths tell the three kinds of encoding apart.
        let later = *feed_after_capture || rounds.is_some();
        if more.iter().any(|&f| f) || too_few_seeds.is_some() || later {
            out.extend(more.map(u8::from));
            out.extend_from_slice(&too_few_seeds.unwrap_or(0).to_le_bytes());
        }
        // Options added after those: a marker, their flags, then the rounds.
        if later {
            out.push(b'X');
            out.push(u8::from(*feed_after_capture));
        }
        // Capture variants: a marker and their values, only when one is used.
        if *chain_limit != u32::MAX || *capture_after_both || *not_from_single || *sweep {
            out.push(b'C');
            out.extend_from_slice(&chain_limit.to_le_bytes());
            out.push(u8::from(*capture_after_both));
            out.push(u8::from(*not_from_single));
            out.push(u8::from(*sweep));
        }
        if let Some(r) = rounds {
            out.push(b'R');
            out.push(match r.fill {
                RoundFill::Left => 0,
                RoundFill::Right => 1,
                RoundFill::Outside => 2,
                RoundFill::OutsideWest => 3,
                RoundFill::West => 4,
            });
            out.push(u8::from(r.blocked));
            out.extend_from_slice(&r.min_holes.to_le_bytes());
            out.push(match r.starter {
                RoundStarter::Alternate => 0,
                RoundStarter::Loser => 1,
                RoundStarter::Winner => 2,
                RoundStarter::LastMover => 3,
                RoundStarter::LoserElseLastMover => 4,
                RoundStarter::WinnerElseNotLastMover => 5,
            });
            if r.loser_only {
                out.push(b'L');
            }
        }
        // Added later still: a marker and the value, only when set.
        if let Some(win) = win_seeds {
            out.push(b'W');
            out.extend_from_slice(&win.to_le_bytes());
        }
        if *both_stuck {
            out.push(b'B');
        }
        // Directions that vary by move: a marker and the rule per hole.
        if *direction_rule != DirectionRule::Fixed {
            out.push(b'D');
            out.push(u8::from(*direction_rule == DirectionRule::Alternate));
            out.extend(hole_direction[..*holes].iter().map(|d| match d {
                HoleDirection::CounterClockwise => 0u8,
                HoleDirection::Clockwise => 1,
                HoleDirection::Chosen => 2,
                HoleDirection::Parity => 3,
            }));
        }
        // Options added after rounds, each behind its own marker and only
        // when used.
        if *single_to_next {
            out.push(b'M');
        }
        if let Some(o) = owning {
            out.push(b'O');
            out.push(o.count);
            out.extend_from_slice(&o.per_player.to_le_bytes());
            for zone in o.zone {
                out.extend_from_slice(&zone.to_le_bytes());
            }
            out.extend(
                [
                    o.not_mirror,
                    o.not_facing,
                    o.past_own,
                    o.past_opponent,
                    o.past_but_last,
                    o.pair_opposite,
                    o.captures_into,
                ]
                .map(u8::from),
            );
            out.push(o.raid);
            for mask in o.at_start {
                out.extend_from_slice(&mask.to_le_bytes());
            }
        }
        // Owned holes chosen by who plays them this territory round:
        // a marker and the choice, only when set.
        if let Some(o) = owning
            && o.holder != RowChoice::Any
        {
            out.push(b'J');
            out.push(match o.holder {
                RowChoice::Any => 0,
                RowChoice::Own => 1,
                RowChoice::Opponent => 2,
            });
        }
        // The shifting first move: a marker, only when set.
        if *opening_shift {
            out.push(b'K');
        }
        // Sowing-ring, move and goal options: a marker and their
        // flags, only when one is used.
        let laps = [
            *own_row,
            *empty_or_across,
            *empty_row_wins,
            *opening_first_only,
            *single_to_empty,
        ];
        let uniform = start_board[..*holes]
            .iter()
            .all(|&s| s as u32 == spec.board.seeds_per_hole);
        if laps.iter().any(|&f| f) || !uniform {
            out.push(b'S');
            out.extend(laps.map(u8::from));
            out.extend_from_slice(&start_board[..*holes]);
        }
        // A random start layout: a marker, only when used; the
        // board above is seed 0's, the marker says it is one draw of many.
        // A random start layout (the board above is seed 0's, the marker
        // says it is one draw of many), the seeds left to the winner past
        // the winning count, the last seeds to the starter, to the mover:
        // a marker each, only when set.
        markers(
            &mut out,
            &[
                (spec.board.layout == StartLayout::Random, b'P'),
                (*rest_to_winner, b'U'),
                (*too_few_to_starter, b'V'),
                (*too_few_to_mover, b'Y'),
            ],
        );
        // Territory rounds and a match's seed threshold: a marker
        // and their values, only when they change play.
        if let Some(r) = rounds {
            let least = r.min_holes * spec.board.seeds_per_hole;
            let min_seeds = r.min_seeds.filter(|&m| m != least);
            if r.territory || min_seeds.is_some() {
                out.push(b'T');
                out.push(u8::from(r.territory));
                out.extend_from_slice(&min_seeds.unwrap_or(0).to_le_bytes());
            }
        }
        // Sowing and pick-up options: a marker and their values,
        // only when one is used.
        // Passing counts of their own matter only where they differ from the
        // capturing counts they default to.
        let own_passing = *passing_captures && passing != capturing;
        if *relay_next
            || *passing_last
            || own_passing
            || *take_last != 0
            || *take_facing
            || *extra_turn_once
            || *lap_captures
            || *passing_to_mover
            || *lap_captures_sown_on
        {
            out.push(b'Q');
            out.push(u8::from(*relay_next));
            out.push(u8::from(*passing_last));
            let mut counts = [0u8; 32];
            if own_passing {
                for (c, _) in passing.iter().enumerate().filter(|(_, on)| **on) {
                    counts[c / 8] |= 1 << (c % 8);
                }
            }
            out.extend_from_slice(&counts);
            out.extend_from_slice(&take_last.to_le_bytes());
            out.push(u8::from(*take_facing));
            out.push(u8::from(*extra_turn_once));
            out.push(u8::from(*lap_captures));
            for mask in take_last_counted {
                out.extend_from_slice(&mask.to_le_bytes());
            }
            out.push(u8::from(*passing_to_mover));
            out.push(u8::from(*lap_captures_sown_on));
        }
        // Moves from either row (StoneShark's NO_SIDES): a marker, only when set.
        if *any_row {
            out.push(b'A');
        }
        // Seeds pulled across and the end on an emptied opponent's row:
        // a marker and their flags, only when one is used.
        if *pull_across || *opponent_row_empty {
            out.push(b'E');
            out.push(u8::from(*pull_across));
            out.push(u8::from(*opponent_row_empty));
        }
        // Both stores in the sowing ring, each lap keeping its first seed:
        // a marker and their flags, only when one is used.
        if *sow_into_opponent_store
            || *lap_keeps_one
            || *single_takes_facing
            || *singles_take_facing
        {
            out.push(b'G');
            out.push(
                u8::from(*sow_into_opponent_store)
                    | u8::from(*extra_turn_opponent_store) << 1
                    | u8::from(*lap_keeps_one) << 2
                    | u8::from(*take_opponent_store) << 3
                    | u8::from(*single_takes_facing) << 4
                    | u8::from(*singles_take_facing) << 5,
            );
        }
        // A grand slam leaving a hole: a marker and which one,
        // only when used.
        if let Some(lowest) = slam_leaves_lowest {
            out.push(b'I');
            out.push(u8::from(*lowest));
        }

        // Relays going on only from some counts: a marker and
        // the counts, only when used.
        if *relay_counted {
            out.push(b'H');
            let mut counts = [0u8; 32];
            for (c, _) in relay_goes_on.iter().enumerate().filter(|(_, on)| **on) {
                counts[c / 8] |= 1 << (c % 8);
            }
            out.extend_from_slice(&counts);
            for mask in relay_rows {
                out.extend_from_slice(&mask.to_le_bytes());
            }
        }
        // A last seed in an empty hole losing the mover's store:
        // the grand-slam marker's sibling, only when used.
        if store_lost[0] | store_lost[1] != 0 {
            out.push(b'I');
            out.push(2);
            for mask in store_lost {
                out.extend_from_slice(&mask.to_le_bytes());
            }
        }
        // Holes taken while sowing only in one player's holes: a
        // marker and the row, only when set.
        if let Some(row) = spec.sowing.passing_from.filter(|_| *passing_captures) {
            out.push(b'b');
            out.push(match row {
                RowChoice::Any => 0,
                RowChoice::Own => 1,
                RowChoice::Opponent => 2,
            });
        }
        // Move rules: a marker and their flags, only when one is
        // used (bit 0: every move legal when none feeds; bit 1: each
        // player's first move sows one way, bit 2: clockwise).
        if *feed_else_any || first_moves_clockwise.is_some() {
            out.push(b'c');
            out.push(
                u8::from(*feed_else_any)
                    | u8::from(first_moves_clockwise.is_some()) << 1
                    | u8::from(*first_moves_clockwise == Some(true)) << 2,
            );
        }
        // Territory rounds: who owns the partly filled hole, a
        // marker and the rule, only when it is not the default.
        if let Some(r) = rounds
            && r.partial_hole != PartialHole::OverHalf
        {
            out.push(b'a');
            out.push(match r.partial_hole {
                PartialHole::OverHalf => 0,
                PartialHole::Loser => 1,
                PartialHole::LoserEmpty => 2,
            });
        }
        // A match won by a tally of round wins: a marker and the
        // tally, only when set.
        if let Some(w) = rounds.as_ref().and_then(|r| r.round_wins) {
            out.push(b't');
            out.extend_from_slice(&w.to_le_bytes());
        }
        // Rounds won by many seeds counting twice: a marker and
        // the seeds, only when set.
        if let Some(d) = rounds.as_ref().and_then(|r| r.double_win_seeds) {
            out.push(b'u');
            out.extend_from_slice(&d.to_le_bytes());
        }
        // Holes closed by a lap's last seed: a marker, the count
        // and the holes each mover may close, only when used.
        if *closes_at != 0 {
            out.push(b'd');
            out.push(*closes_at);
            for mask in closable {
                out.extend_from_slice(&mask.to_le_bytes());
            }
        }
        // Seeds sown across taken by the opponent when few are left:
        // a marker and the count, only when used.
        if *opponent_takes_at != 0 {
            out.push(b'f');
            out.extend_from_slice(&opponent_takes_at.to_le_bytes());
        }
        // First moves from the right half, first moves landing across:
        // a marker and their flags, only when one is used.
        if *opening_right_half || *opening_lands_across {
            out.push(b'e');
            out.push(u8::from(*opening_right_half) | u8::from(*opening_lands_across) << 1);
            // The halves follow from the row: recorded for the reader.
            for mask in right_half {
                out.extend_from_slice(&mask.to_le_bytes());
            }
        }
        // Sowing past the opponent's holes by their count, the last-resort
        // count of moves, the opening from the two rightmost holes and the
        // counted holes taken with a capture: a marker and their
        // values, only when one is used.
        if *skip_count != 0 || *last_resort != 0 || *opening_two || *take_counted {
            out.push(b'm');
            out.push(*skip_count);
            out.push(u8::from(spec.sowing.skip_not_on_opening));
            out.push(*last_resort);
            out.push(u8::from(*last_resort_rightmost) | u8::from(*opening_two) << 1);
            out.push(u8::from(*take_counted));
        }
        // Stores kept on their owners' right in a clockwise game, relays
        // going on from the mover's store: a marker and their
        // flags, only when one is set (the sowing ring above is derived).
        if spec.sowing.stores_on_right || *relay_from_store {
            out.push(b'n');
            out.push(u8::from(spec.sowing.stores_on_right) | u8::from(*relay_from_store) << 1);
        }
        // Rams (their counts follow from the sowing ring), no move from a
        // hole facing a single seed, moves landing in occupied holes,
        // sweeps of the board: a marker each, only when set.
        markers(
            &mut out,
            &[
                (*rams, b'o'),
                (*not_facing_single, b'q'),
                (*lands_occupied, b'r'),
                (*sweep_board, b's'),
            ],
        );
        // A limit on the seeds a hole is sown to: a marker and
        // the limit, only when set.
        if *hole_limit != 0 {
            out.push(b'v');
            out.push(*hole_limit);
        }
        // A chain running onwards or both ways: a marker and the
        // direction, only when not the default.
        if *chain_direction != ChainDirection::Against {
            out.push(b'g');
            out.push(match chain_direction {
                ChainDirection::Against => 0,
                ChainDirection::Along => 1,
                ChainDirection::Both => 2,
            });
        }
        // A match won by a tally of seeds: a marker and the
        // seeds, only when set.
        if let Some(seeds) = rounds.as_ref().and_then(|r| r.seeds_to_win) {
            out.push(b'h');
            out.extend_from_slice(&seeds.to_le_bytes());
        }
        // Bulls, owned holes made in pairs with the hole before:
        // a marker, only when set.
        if owning.is_some_and(|o| o.pair_before) {
            out.push(b'j');
        }
        // Rules on the holes moved from: a marker and their
        // flags, only when one is set.
        if *moved_from_only || *each_hole_first {
            out.push(b'i');
            out.push(u8::from(*moved_from_only) | u8::from(*each_hole_first) << 1);
        }
        // No single seed moved straight back across the ends of the rows:
        // a marker, only when set.
        if *no_return {
            out.push(b'k');
        }
        // Four rows: a marker, the board's shape and `[rows]`, only there.
        if let Some(RowRules {
            captures_facing,
            sown_from_kichwa,
            capture_start_max,
            compulsory_capture,
            first_lap_decides,
            non_capturing_from_inner,
            lone_kichwa_inward,
            inner_row_empty_loses,
            captures_from_empty,
            sown_from_capturing_hole,
            behind,
            taken_out_of_play,
            singles_last,
            first_move_from_inner,
            // The sowing's laps, fingerprinted with the sowing.
            relay: _,
            captures_both,
            sown_from_lap,
            capture_ends_move,
            first_move_single_lap,
            clockwise_capture_holes,
            hand,
            house,
            // Derived from the board's shape.
            kimbi: _,
            chosen_captures,
            chosen_on_empty,
        }) = row_rules
        {
            out.push(b'4');
            out.push(*board_rows as u8);
            out.push(*row_len as u8);
            out.push(*capture_start_max);
            out.extend(
                [
                    *captures_facing,
                    *sown_from_kichwa,
                    *compulsory_capture,
                    *first_lap_decides,
                    *non_capturing_from_inner,
                    *lone_kichwa_inward,
                    *inner_row_empty_loses,
                ]
                .map(u8::from),
            );
            // The captures of Tsoro and its kin: a marker and their flags,
            // only when one is set (the relay is the sowing's).
            let kin = [
                *captures_from_empty,
                *sown_from_capturing_hole,
                *taken_out_of_play,
                *singles_last,
                *first_move_from_inner,
            ];
            if kin.contains(&true) || *behind != 0 {
                out.push(b'5');
                out.push(*behind);
                out.extend(kin.map(u8::from));
            }
            // The captures of both opposite holes and what goes with them:
            // a marker, only when one is set.
            if *captures_both
                || sown_from_lap.is_some()
                || *capture_ends_move
                || *first_move_single_lap
                || clockwise_capture_holes[0] != 0
            {
                out.push(b'o');
                let lap = match sown_from_lap {
                    None | Some(TakenSownFrom::Kichwa | TakenSownFrom::CapturingHole) => 0,
                    Some(TakenSownFrom::LapOrigin) => 1,
                    Some(TakenSownFrom::LapFirst) => 2,
                };
                out.extend([
                    u8::from(*captures_both),
                    lap,
                    u8::from(*capture_ends_move),
                    u8::from(*first_move_single_lap),
                ]);
                out.extend(clockwise_capture_holes[0].to_le_bytes());
            }
            // Holes taken by choice after a capture: a marker, only then.
            if *chosen_captures != 0 {
                out.push(b'+');
                out.extend([*chosen_captures, u8::from(*chosen_on_empty)]);
            }
            // Seeds in hand (the namua stage): a marker and the count,
            // only when there are any. The start board is the layout's.
            if *hand > 0 {
                out.push(b'n');
                out.push(*hand);
            }
            // The nyumba: a marker and South's house, only when there is one.
            if house[0] != 0 {
                out.push(b'y');
                out.extend(house[0].to_le_bytes());
            }
        }
        out
    }
}

/// One marker byte for each rule of `flags` that is set, in order: rules
/// that leave the fingerprint as it was while they are off.
fn markers(out: &mut Vec<u8>, flags: &[(bool, u8)]) {
    out.extend(
        flags
            .iter()
            .filter(|&&(on, _)| on)
            .map(|&(_, marker)| marker),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_game_has_its_own_fingerprint() {
        let prints: Vec<Vec<u8>> = Rules::builtin_ids()
            .map(|id| Rules::builtin(id).unwrap().play_fingerprint())
            .collect();
        for (i, a) in prints.iter().enumerate() {
            for b in &prints[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn writing_the_rule_file_differently_keeps_the_fingerprint() {
        let text = Rules::builtin_source("modiar").unwrap();
        let modiar = Rules::builtin("modiar").unwrap();
        // Comments gone, another name and origin, another id.
        let plain: String = text
            .lines()
            .map(|l| l.split('#').next().unwrap().trim_end())
            .map(|l| {
                if l.starts_with("name") {
                    "name = \"Renamed\""
                } else {
                    l
                }
            })
            .filter(|l| !l.starts_with("origin"))
            .collect::<Vec<_>>()
            .join("\n");
        let renamed = Rules::from_toml("renamed", &plain, "renamed.toml").unwrap();
        assert_eq!(modiar.play_fingerprint(), renamed.play_fingerprint());
        // A rule that changes play changes it.
        let other = Rules::from_toml(
            "x",
            &plain.replace("seeds_per_hole = ", "seeds_per_hole = 1"),
            "x.toml",
        )
        .unwrap();
        assert_ne!(modiar.play_fingerprint(), other.play_fingerprint());
    }

    /// Rounds change the fingerprint, each option on its own, and only
    /// when the game has them.
    #[test]
    fn rounds_are_encoded_when_present() {
        let base = "name = \"R\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n\
            [capture]\nrule = \"counts\"\ncounts = [2, 3]\n";
        let print = |extra: &str| {
            Rules::from_toml("r", &format!("{base}{extra}"), "r.toml")
                .unwrap()
                .play_fingerprint()
        };
        let prints = [
            print(""),
            print("[rounds]\n"),
            print("[rounds]\nfill = \"right\"\n"),
            print("[rounds]\nblocked = false\n"),
            print("[rounds]\nmin_holes = 2\n"),
            print("[rounds]\nstarter = \"loser\"\n"),
            print("[rounds]\nterritory = true\n"),
            print("[rounds]\nmin_seeds = 5\n"),
        ];
        for (i, a) in prints.iter().enumerate() {
            for b in &prints[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(
            print("[rounds]\nfill = \"left\"\nmin_holes = 1\n"),
            prints[1]
        );
        // The default threshold written out is the same rule.
        assert_eq!(print("[rounds]\nmin_seeds = 4\n"), prints[1]);
    }
}
