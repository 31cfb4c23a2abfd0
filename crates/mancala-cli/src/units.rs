//! A value said with its unit wherever the command line shows one (see
//! [`ValueUnit`]): as text, and in JSON as a field named by the unit in
//! place of the engine's unitless `value`. The engine counts seed margins
//! in half seeds; users never see that.

use mancala_ai::ValueUnit;
use mancala_core::Rules;
use serde_json::{Map, Value};

/// `-2 seeds`, `+0.5 seeds`, `+1 seed`, `win in 7 plies`, `heuristic score
/// +3 (no win or loss proven)`.
pub fn value_with_unit(rules: &Rules, value: i32) -> String {
    ValueUnit::of(rules, value).to_string()
}

/// The JSON field of a value, named with its unit: `margin_seeds` (a
/// number, halves allowed) in games won on seeds; `win_in_plies` or
/// `loss_in_plies` when a result is proven in a deprivation game, else
/// `heuristic_score`.
pub fn value_fields(rules: &Rules, value: i32) -> Map<String, Value> {
    fields_of(ValueUnit::of(rules, value))
}

/// As [`value_fields`] for an exact value (a solved database's), where a
/// deprivation game's 0 is a proven draw (`"draw": true`).
pub fn proven_value_fields(rules: &Rules, value: i32) -> Map<String, Value> {
    fields_of(ValueUnit::proven(rules, value))
}

fn fields_of(value: ValueUnit) -> Map<String, Value> {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => map,
        _ => unreachable!("a value with its unit serialises as one field"),
    }
}

/// Replaces the engine's unitless `value` of a JSON object by
/// [`value_fields`] ([`proven_value_fields`] when `exact`); an object
/// without one is left alone.
pub fn name_units(rules: &Rules, object: &mut Value, exact: bool) {
    let Some(map) = object.as_object_mut() else {
        return;
    };
    let Some(value) = map.get("value").and_then(Value::as_i64) else {
        return;
    };
    map.remove("value");
    map.extend(if exact {
        proven_value_fields(rules, value as i32)
    } else {
        value_fields(rules, value as i32)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_ai::WIN;

    #[test]
    fn values_carry_their_unit() {
        let tihbat = Rules::builtin("tihbat").unwrap();
        assert_eq!(value_with_unit(&tihbat, -4), "-2 seeds");
        assert_eq!(value_fields(&tihbat, -4)["margin_seeds"], -2.0);
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(value_with_unit(&sadeqa, WIN - 7), "win in 7 plies");
        assert_eq!(value_fields(&sadeqa, WIN - 7)["win_in_plies"], 7);
        assert_eq!(value_fields(&sadeqa, -59)["heuristic_score"], -59);
        assert_eq!(proven_value_fields(&sadeqa, 0)["draw"], true);
        let mut analysis = serde_json::json!({"move": "A", "value": -3});
        name_units(&tihbat, &mut analysis, false);
        assert_eq!(
            analysis,
            serde_json::json!({"move": "A", "margin_seeds": -1.5})
        );
        let mut exact = serde_json::json!({"move": "A", "value": 0});
        name_units(&sadeqa, &mut exact, true);
        assert_eq!(exact, serde_json::json!({"move": "A", "draw": true}));
    }
}
