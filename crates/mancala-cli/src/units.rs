//! A value said with its unit wherever one is shown: the seed margin in
//! games won on seeds, a win or loss in so many plies, or a heuristic score
//! (no result proven yet) in games won by leaving the opponent without a
//! move. The engine counts seed margins in half seeds; users never see that.

use mancala_ai::{WIN, WIN_BOUND, format_value};
use mancala_core::Rules;
use mancala_core::spec::ResultRule;
use serde_json::{Map, Value};

/// `-2 seeds`, `+0.5 seeds`, `+1 seed`, `win in 7 plies`, `heuristic score
/// +3 (no win or loss proven)`.
pub fn value_with_unit(rules: &Rules, value: i32) -> String {
    match rules.spec().end.result {
        ResultRule::Seeds => {
            let unit = if value.abs() == 2 { "seed" } else { "seeds" };
            format!("{} {unit}", format_value(rules, value))
        }
        ResultRule::Deprivation if value >= WIN_BOUND => plies("win in", WIN - value),
        ResultRule::Deprivation if value <= -WIN_BOUND => plies("loss in", WIN + value),
        ResultRule::Deprivation => format!("heuristic score {value:+} (no win or loss proven)"),
    }
}

fn plies(what: &str, n: i32) -> String {
    format!("{what} {n} {}", if n == 1 { "ply" } else { "plies" })
}

/// The JSON fields of a value, named with their unit: `margin_seeds` (a
/// number, halves allowed) in games won on seeds; `win_in_plies` or
/// `loss_in_plies` when a result is proven in a deprivation game, else
/// `heuristic_score`.
pub fn value_fields(rules: &Rules, value: i32) -> Map<String, Value> {
    let mut map = Map::new();
    match rules.spec().end.result {
        ResultRule::Seeds => {
            map.insert("margin_seeds".into(), (f64::from(value) / 2.0).into());
        }
        ResultRule::Deprivation if value >= WIN_BOUND => {
            map.insert("win_in_plies".into(), (WIN - value).into());
        }
        ResultRule::Deprivation if value <= -WIN_BOUND => {
            map.insert("loss_in_plies".into(), (WIN + value).into());
        }
        ResultRule::Deprivation => {
            map.insert("heuristic_score".into(), value.into());
        }
    }
    map
}

/// Replaces the engine's unitless `value` of a JSON object by
/// [`value_fields`]; an object without one is left alone.
pub fn name_units(rules: &Rules, object: &mut Value) {
    let Some(map) = object.as_object_mut() else {
        return;
    };
    let Some(value) = map.get("value").and_then(Value::as_i64) else {
        return;
    };
    map.remove("value");
    map.extend(value_fields(rules, value as i32));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_carry_their_unit() {
        let tihbat = Rules::builtin("tihbat").unwrap();
        assert_eq!(value_with_unit(&tihbat, -4), "-2 seeds");
        assert_eq!(value_with_unit(&tihbat, 2), "+1 seed");
        assert_eq!(value_with_unit(&tihbat, 5), "+2.5 seeds");
        assert_eq!(value_fields(&tihbat, -4)["margin_seeds"], -2.0);
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(
            sadeqa.spec().end.result,
            ResultRule::Deprivation,
            "Sadeqa II is won by leaving the opponent without a move"
        );
        assert_eq!(value_with_unit(&sadeqa, WIN - 7), "win in 7 plies");
        assert_eq!(value_with_unit(&sadeqa, -(WIN - 1)), "loss in 1 ply");
        assert!(value_with_unit(&sadeqa, 0).starts_with("heuristic score +0"));
        assert_eq!(value_fields(&sadeqa, WIN - 7)["win_in_plies"], 7);
        assert_eq!(value_fields(&sadeqa, -59)["heuristic_score"], -59);
    }
}
