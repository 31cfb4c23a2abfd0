//! The board: holes, seeds and stores, the start layout, and the skeleton
//! every other table fills in.

use mancala_core::Side;
use mancala_core::spec::*;

use crate::draft::{Draft, Params};

/// The draft of a configuration of `holes` holes a row and `nbr_start`
/// seeds (a hole's, or the game's with a random start), sowing around each
/// player's own row when `own_row`.
pub(crate) fn draft(name: &str, p: &Params, holes: u32, nbr_start: u32, own_row: bool) -> Draft {
    let seeds = nbr_start;
    // SOW_BLKD_DIV (1) and its _NR (2) with blocks, outside rounds: a lap's
    // last seed bringing an opponent's hole to sow_param closes it.
    let closing = matches!(p.int("sow_rule"), 1 | 2) && p.flag("blocks") && p.int("rounds") == 0;
    // With a random start (start_pattern=6), nbr_start is the game's seeds,
    // not a hole's.
    let random_total = seeds;
    let seeds = if p.int("start_pattern") == 6 {
        (seeds / (2 * holes)).max(1)
    } else {
        seeds
    };

    let stores = p.flag("stores");
    let spec = RuleSpec {
        name: name.replace('_', " "),
        origin: None,
        about: Default::default(),
        board: BoardSpec {
            rows: 2,
            holes_per_row: holes,
            seeds_per_hole: seeds,
            first_player: Side::South,
            stores,
            layout: StartLayout::Uniform,
            // A random start's seeds that the holes cannot share evenly.
            total_seeds: (p.int("start_pattern") == 6 && !random_total.is_multiple_of(2 * holes))
                .then_some(random_total),
        },
        sowing: SowingSpec {
            start: SowStart::Next,
            laps: Laps::Single,
            direction: Direction::CounterClockwise,
            skip_origin: false,
            endless: Endless::Illegal,
            into_own_store: false,
            relay_stops_at_capture: false,
            passing_captures: false,
            chosen_holes: Vec::new(),
            single_to_next: false,
            own_row,
            relay_from_next: false,
            passing_counts: None,
            passing_last: false,
            lap_captures: false,
            passing_to_mover: false,
            lap_captures_sown_on: false,
            into_opponent_store: false,
            relay_counts: None,
            lap_keeps_one: false,
            relay_from: None,
            single_takes_facing: false,
            singles_take_facing: false,
            passing_from: None,
            first_moves_direction: None,
            closes_at: None,
            closing_spares_rightmost: false,
            opening_lands_across: false,
            opponent_takes_sown_at: None,
            skip_opponent_count: None,
            hole_limit: None,
            skip_not_on_opening: false,
            stores_on_right: false,
            relay_from_store: false,
        },
        moves: MovesSpec::default(),
        capture: CaptureSpec::default(),
        end: EndSpec {
            majority: true,
            ..EndSpec::default()
        },
        rounds: None,
        owned: None,
        rows: None,
    };
    Draft {
        spec,
        needs: Vec::new(),
        holes,
        seeds,
        total: 2 * holes * seeds,
        closing,
        skip_count: None,
        seeds_limit: None,
    }
}
