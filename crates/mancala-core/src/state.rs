//! The machine-readable state of a game: the one-line JSON object of the
//! spec, printed by `mancala replay` and served by the web API.

use serde::{Deserialize, Serialize};

use crate::end::Score;
use crate::game::Game;
use crate::notation::move_label;

/// The state of a game as the spec's JSON object.
///
/// `captured` is what each player captured in play (in games whose captures
/// leave the board, what each player's captures removed). When `over` is
/// true, `winner` is `"south"`, `"north"` or `"draw"`, and `score` (games won
/// on seeds) adds the end-of-game collection or share to the captures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The game's id.
    pub game: String,
    /// Seeds by hole index.
    pub board: Vec<u8>,
    /// `"south"` or `"north"`.
    pub to_move: String,
    /// Moves played, passes included.
    pub ply: u32,
    /// Legal moves as labels, in index order; empty once the game is over.
    pub legal: Vec<String>,
    /// Whether the game is over.
    pub over: bool,
    /// Seeds captured (or removed) by South and North.
    pub captured: [u32; 2],
    /// `"south"`, `"north"` or `"draw"` once the game is over.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub winner: Option<String>,
    /// Final totals once a game won on seeds is over; may be halves.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub score: Option<[serde_json::Number; 2]>,
    /// Why the game ended, once it is over.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub reason: Option<String>,
    /// In games played in rounds: the round being played (1, 2, ...);
    /// `over` is true only once the whole match is over.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub round: Option<u32>,
    /// Each hole's state when some hole is not plain: `null` for a plain
    /// hole, `"blocked"` for a hole out of play this round, `"store:south"`
    /// or `"store:north"` for a hole that player owns as a store (`[owned]`),
    /// `"territory:north"` (or south) for a hole played this round by the
    /// player of the other row (`[rounds] territory`).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub holes: Option<Vec<Option<String>>>,
    /// In games whose rules read them (`capture.moved_from_only`,
    /// `moves.each_hole_first`): the labels of the holes moved from so far
    /// in this game (round), in index order.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub moved_from: Option<Vec<String>>,
    /// In games with seeds in hand (`rows.hand`, the namua stage): the
    /// seeds South and North hold in hand.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub hand: Option<[u32; 2]>,
    /// In games with a nyumba (`rows.nyumba`): the labels of the nyumbas
    /// still their owners' houses, in index order.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub houses: Option<Vec<String>>,
}

fn number(score: Score) -> serde_json::Number {
    if score.is_whole() {
        serde_json::Number::from(score.0 / 2)
    } else {
        serde_json::Number::from_f64(score.as_f64()).expect("a half is finite")
    }
}

impl State {
    /// The state of `game`.
    pub fn of(game: &Game) -> State {
        let rules = game.rules();
        let pos = game.position();
        let keeps = rules.spec().capture.seeds_go_to() == crate::spec::Destination::Mover;
        let captured = crate::Side::BOTH.map(|s| {
            if keeps {
                pos.captured(s)
            } else {
                pos.removed(s)
            }
        });
        let outcome = game.outcome();
        State {
            game: rules.id().to_string(),
            board: pos.raw_board()[..rules.holes()].to_vec(),
            to_move: pos.to_move().as_str().to_string(),
            ply: pos.ply(),
            legal: game
                .legal_moves()
                .iter()
                .map(|m| move_label(rules, m))
                .collect(),
            over: outcome.is_some(),
            captured,
            winner: outcome.map(|o| o.winner.map_or("draw", |w| w.as_str()).to_string()),
            score: outcome.and_then(|o| o.score).map(|s| s.map(number)),
            reason: outcome.map(|o| o.reason.describe().to_string()),
            round: rules.has_rounds().then(|| game.round()),
            // On four rows `owned` holds the houses, not stores.
            holes: if rules.rows() == 4 {
                None
            } else {
                hole_states(pos, rules.holes())
            },
            moved_from: (rules.spec().capture.moved_from_only
                || rules.spec().moves.each_hole_first)
                .then(|| {
                    (0..rules.holes())
                        .filter(|&h| pos.moved_from_mask() & (1 << h) != 0)
                        .map(|h| crate::notation::hole_label(rules.holes_per_side(), h).to_string())
                        .collect()
                }),
            hand: rules
                .has_hand()
                .then(|| crate::Side::BOTH.map(|s| rules.hand(pos, s))),
            houses: rules.has_nyumba().then(|| {
                let houses = rules.houses(pos);
                (0..rules.holes())
                    .filter(|&h| houses & (1 << h) != 0)
                    .map(|h| crate::notation::hole_label(rules.holes_per_side(), h).to_string())
                    .collect()
            }),
        }
    }

    /// The state as one line of JSON.
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).expect("a state always serialises")
    }
}

/// The `holes` of the JSON state: each hole's state, when some hole is not plain.
pub(crate) fn hole_states(pos: &crate::Position, holes: usize) -> Option<Vec<Option<String>>> {
    let plain = pos.blocked_mask() == 0
        && pos.territory_mask() == 0
        && pos.owned_mask(crate::Side::South) == 0
        && pos.owned_mask(crate::Side::North) == 0;
    if plain {
        return None;
    }
    Some(
        (0..holes)
            .map(|h| {
                if pos.is_blocked(h) {
                    Some("blocked".to_string())
                } else if pos.territory_mask() & (1 << h) != 0 {
                    // Played this round by the other row's player.
                    let holder = if h < holes / 2 {
                        crate::Side::North
                    } else {
                        crate::Side::South
                    };
                    Some(format!("territory:{}", holder.as_str()))
                } else {
                    pos.hole_owner(h).map(|s| format!("store:{}", s.as_str()))
                }
            })
            .collect(),
    )
}
