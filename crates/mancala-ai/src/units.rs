//! A value as a user reads it, in the unit it counts: a seed margin in
//! games won on seeds; a win or loss in so many plies, a draw, or else a
//! heuristic score in games won by leaving the opponent without a move.
//! The engine's integers (half seeds, [`WIN`] minus plies) never reach a
//! user unexplained: the command line writes [`ValueUnit`] as text, and
//! JSON (command line and web API) carries it as one field named with its
//! unit: `margin_seeds`, `win_in_plies`, `loss_in_plies`, `draw` or
//! `heuristic_score`.

use std::fmt;

use mancala_core::Rules;
use mancala_core::spec::ResultRule;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::eval::{WIN, WIN_BOUND, signed_half_seeds};

/// A value for the player to move, in its unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ValueUnit {
    /// The seed margin the player to move can expect (halves allowed), in
    /// games won on seeds.
    MarginSeeds(f64),
    /// A proven win in so many plies (moves of either side).
    WinInPlies(i32),
    /// A proven loss in so many plies.
    LossInPlies(i32),
    /// A proven draw (from a solved database of a win/loss game).
    Draw,
    /// The search's estimate in a win/loss game where neither is proven:
    /// a score, not seeds.
    HeuristicScore(i32),
}

impl ValueUnit {
    /// The unit of an engine value (see [`crate::eval`]) for `rules`.
    pub fn of(rules: &Rules, value: i32) -> ValueUnit {
        match rules.spec().end.result {
            ResultRule::Seeds => ValueUnit::MarginSeeds(f64::from(value) / 2.0),
            ResultRule::Deprivation if value >= WIN_BOUND => ValueUnit::WinInPlies(WIN - value),
            ResultRule::Deprivation if value <= -WIN_BOUND => ValueUnit::LossInPlies(WIN + value),
            ResultRule::Deprivation => ValueUnit::HeuristicScore(value),
        }
    }

    /// As [`ValueUnit::of`], for a value known to be exact (a solved
    /// database's): in a win/loss game, neither a win nor a loss is a draw.
    pub fn proven(rules: &Rules, value: i32) -> ValueUnit {
        match ValueUnit::of(rules, value) {
            ValueUnit::HeuristicScore(_) => ValueUnit::Draw,
            other => other,
        }
    }

    /// The number, in the unit [`ValueUnit::field`] names (a draw: 0).
    pub fn amount(&self) -> f64 {
        match *self {
            ValueUnit::MarginSeeds(seeds) => seeds,
            ValueUnit::WinInPlies(n) | ValueUnit::LossInPlies(n) | ValueUnit::HeuristicScore(n) => {
                f64::from(n)
            }
            ValueUnit::Draw => 0.0,
        }
    }

    /// The JSON field name: the unit.
    pub fn field(&self) -> &'static str {
        match self {
            ValueUnit::MarginSeeds(_) => "margin_seeds",
            ValueUnit::WinInPlies(_) => "win_in_plies",
            ValueUnit::LossInPlies(_) => "loss_in_plies",
            ValueUnit::Draw => "draw",
            ValueUnit::HeuristicScore(_) => "heuristic_score",
        }
    }
}

/// `-2 seeds`, `+0.5 seeds`, `+1 seed`, `win in 7 plies`, `a draw`,
/// `heuristic score +3 (no win or loss proven)`.
impl fmt::Display for ValueUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = |n: i32| if n == 1 { "ply" } else { "plies" };
        match *self {
            ValueUnit::MarginSeeds(seeds) => {
                let unit = if seeds.abs() == 1.0 { "seed" } else { "seeds" };
                // Half seeds as the engine writes them: `+2.5`, `-1`, `+0`.
                let half_seeds = (seeds * 2.0).round() as i32;
                write!(f, "{} {unit}", signed_half_seeds(half_seeds))
            }
            ValueUnit::WinInPlies(n) => write!(f, "win in {n} {}", plies(n)),
            ValueUnit::LossInPlies(n) => write!(f, "loss in {n} {}", plies(n)),
            ValueUnit::Draw => write!(f, "a draw"),
            ValueUnit::HeuristicScore(score) => {
                write!(f, "heuristic score {score:+} (no win or loss proven)")
            }
        }
    }
}

/// One JSON field named by the unit: `{"margin_seeds": -2.0}`,
/// `{"win_in_plies": 7}`, `{"draw": true}`; flatten it into an object.
impl Serialize for ValueUnit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        let field = self.field();
        match *self {
            ValueUnit::MarginSeeds(seeds) => map.serialize_entry(field, &seeds)?,
            ValueUnit::WinInPlies(n) | ValueUnit::LossInPlies(n) | ValueUnit::HeuristicScore(n) => {
                map.serialize_entry(field, &n)?
            }
            ValueUnit::Draw => map.serialize_entry(field, &true)?,
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_carry_their_unit() {
        let tihbat = Rules::builtin("tihbat").unwrap();
        assert_eq!(ValueUnit::of(&tihbat, -4).to_string(), "-2 seeds");
        assert_eq!(ValueUnit::of(&tihbat, 2).to_string(), "+1 seed");
        assert_eq!(ValueUnit::of(&tihbat, -2).to_string(), "-1 seed");
        assert_eq!(ValueUnit::of(&tihbat, 5).to_string(), "+2.5 seeds");
        assert_eq!(ValueUnit::of(&tihbat, 0).to_string(), "+0 seeds");
        assert_eq!(ValueUnit::proven(&tihbat, 0), ValueUnit::MarginSeeds(0.0));
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(
            sadeqa.spec().end.result,
            ResultRule::Deprivation,
            "Sadeqa II is won by leaving the opponent without a move"
        );
        assert_eq!(
            ValueUnit::of(&sadeqa, WIN - 7).to_string(),
            "win in 7 plies"
        );
        assert_eq!(
            ValueUnit::of(&sadeqa, -(WIN - 1)).to_string(),
            "loss in 1 ply"
        );
        assert!(
            ValueUnit::of(&sadeqa, 0)
                .to_string()
                .starts_with("heuristic score +0")
        );
        assert_eq!(ValueUnit::proven(&sadeqa, 0).to_string(), "a draw");
        assert_eq!(ValueUnit::of(&sadeqa, -59).amount(), -59.0);
        assert_eq!(ValueUnit::of(&tihbat, -3).amount(), -1.5);
    }

    #[test]
    fn json_names_the_unit() {
        let json = |v: ValueUnit| serde_json::to_string(&v).unwrap();
        let tihbat = Rules::builtin("tihbat").unwrap();
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(json(ValueUnit::of(&tihbat, -5)), r#"{"margin_seeds":-2.5}"#);
        assert_eq!(
            json(ValueUnit::of(&sadeqa, WIN - 7)),
            r#"{"win_in_plies":7}"#
        );
        assert_eq!(
            json(ValueUnit::of(&sadeqa, 7 - WIN)),
            r#"{"loss_in_plies":7}"#
        );
        assert_eq!(
            json(ValueUnit::of(&sadeqa, -59)),
            r#"{"heuristic_score":-59}"#
        );
        assert_eq!(json(ValueUnit::proven(&sadeqa, 0)), r#"{"draw":true}"#);
    }
}
