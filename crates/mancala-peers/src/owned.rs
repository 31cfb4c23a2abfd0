//! Owned holes: holes that become a player's own store (tuzdik, children,
//! wegs, bulls), and rams.

use mancala_core::spec::*;

use crate::draft::{Draft, Params};

/// Holes that become a player's own store.
pub(crate) fn translate(p: &Params, d: &mut Draft) {
    let (holes, stores) = (d.holes, d.spec.board.stores);
    let Draft { spec, needs, .. } = d;
    let mut need = |what: String| needs.push(what);
    let child_type = p.int("child_type");
    let child_cvt = p.int("child_cvt");
    let child_rule = p.int("child_rule");
    let child_locs = p.int("child_locs");
    match child_type {
        0 => {
            for (key, v) in [
                ("child_cvt", child_cvt),
                ("child_rule", child_rule),
                ("child_locs", child_locs),
            ] {
                if v != 0 {
                    need(format!("{key}={v} without children"));
                }
            }
        }
        1 | 3 | 4 | 5 | 6 => {
            let mut owned = OwnedSpec {
                count: child_cvt.max(0) as u32,
                make: match child_type {
                    6 => OwnedMake::PairOpposite,
                    // Bulls: the hole before the last may go with it.
                    5 => OwnedMake::PairBefore,
                    _ => OwnedMake::Count,
                },
                raid: if child_type == 4 { 2 } else { 0 },
                at_start: OwnedStart::None,
                captures_into: false,
                per_player: if child_type == 3 { 1 } else { 0 },
                row: RowChoice::Any,
                places: OwnedPlaces::Anywhere,
                not_mirror: false,
                not_facing: false,
                sow_past: SowPast::None,
                holder: RowChoice::Any,
            };
            match child_rule {
                0 => {}
                1 => owned.row = RowChoice::Opponent,
                2 => owned.row = RowChoice::Own,
                // By who plays the hole this round: territory matches only.
                4 if p.int("goal") == 2 => owned.holder = RowChoice::Opponent,
                5 if p.int("goal") == 2 => owned.holder = RowChoice::Own,
                r => need(format!("child_rule={r}")),
            }
            match child_locs {
                0 => {}
                1 => owned.places = OwnedPlaces::Ends,
                2 => owned.places = OwnedPlaces::NotEnds,
                3 => owned.places = OwnedPlaces::OpponentEndsOwnMiddle,
                // StoneShark's pattern leaves a 3-hole row's middle hole to
                // no one; ours counts it as next to the ends.
                4 if holes != 3 => owned.places = OwnedPlaces::EndsAndOpponentNextToEnds,
                // Named from the maker's seat: the opponent's row runs the
                // other way, so their right is the row's first hole.
                6 => owned.places = OwnedPlaces::NotOpponentFirst,
                7 => owned.places = OwnedPlaces::NotOpponentLast,
                8 => {
                    owned.places = OwnedPlaces::NotOpponentLast;
                    owned.not_mirror = true;
                }
                9 => {
                    owned.places = OwnedPlaces::NotOpponentFirst;
                    owned.not_facing = true;
                }
                // One child each in the own rightmost hole, and no more.
                11 => {
                    owned.at_start = OwnedStart::Rightmost;
                    owned.count = 0;
                }
                l => need(format!("child_locs={l}")),
            }
            // Without stores, children are the stores: captures go into them.
            owned.captures_into = !stores;
            spec.owned = Some(owned);
        }
        // Rams: holes holding the seeds to sow round and back, whatever
        // child_cvt says.
        7 if spec.sowing.direction.is_fixed()
            && spec.sowing.chosen_holes.is_empty()
            && child_rule == 0
            && child_locs == 0 =>
        {
            spec.moves.rams = true
        }
        t => {
            need(format!("child_type={t}"));
            for key in ["child_cvt", "child_rule", "child_locs"] {
                let _ = p.int(key);
            }
        }
    }
}
