//! StoneShark's parameters into our rule model, one rule table at a time
//! (board, sowing, moves, capture, end, rounds, owned holes).

use mancala_core::spec::RuleSpec;
use serde_json::Value;

use crate::draft::{Draft, Params};
use crate::{board, capture, end, moves, owned, rounds, sowing};

/// Translates a configuration into our rule model, or says which of its
/// parameters none of our rules expresses.
pub fn convert(name: &str, params: &Value) -> Result<RuleSpec, String> {
    let class = params
        .get("game_class")
        .and_then(Value::as_str)
        .unwrap_or("Mancala");
    // A north-south cycle is the Mancala class with each player sowing
    // around their own row (and store) only.
    let own_row = match class {
        "Mancala" => false,
        "NorthSouthCycle" => true,
        _ => {
            return Err(format!(
                "needs: game class {class} (its own board geometry or move), not supported"
            ));
        }
    };
    let constants = params.get("game_constants").ok_or("no game_constants")?;
    let holes = constants
        .get("holes")
        .and_then(Value::as_u64)
        .ok_or("no game_constants.holes")? as u32;
    let seeds = constants
        .get("nbr_start")
        .and_then(Value::as_u64)
        .ok_or("no game_constants.nbr_start")? as u32;
    let empty = serde_json::Map::new();
    let info = params
        .get("game_info")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let p = Params::new(info);
    let mut d = board::draft(name, &p, holes, seeds, own_row);
    // The tables in the order their rules depend on one another: a later
    // one reads what an earlier one decided.
    sowing::translate(&p, &mut d);
    moves::translate(&p, &mut d);
    capture::translate(&p, &mut d)?;
    end::condition(&p, &mut d);
    capture::extras(&p, &mut d);
    parameters_left(&p, &mut d);
    sowing::opening(&p, &mut d);
    rounds::translate(&p, &mut d);
    owned::translate(&p, &mut d);
    sowing::sow_rule(&p, &mut d);
    end::translate(&p, &mut d);
    for key in p.unread() {
        d.needs.push(format!("{key} (unknown parameter)"));
    }
    if !d.needs.is_empty() {
        return Err(format!("needs: {}; not supported", d.needs.join("; ")));
    }
    Ok(d.spec)
}

/// The parameters only some rules read (above), set where none does.
fn parameters_left(p: &Params, d: &mut Draft) {
    let (closing, skip_count, seeds_limit) = (d.closing, d.skip_count, d.seeds_limit);
    for key in ["xc_sown", "sow_param", "mlap_param", "end_param"] {
        let v = p.int(key);
        // mlap_cont 1 and 2 read mlap_param, closing and NO_SOW_OPP_NS
        // sow_param (above).
        if v != 0
            && !(key == "mlap_param" && matches!(p.int("mlap_cont"), 1 | 2))
            && !(key == "end_param" && seeds_limit.is_some())
            && !(key == "sow_param"
                && (closing || matches!(p.int("sow_rule"), 7 | 10) || skip_count.is_some()))
        {
            d.needs.push(format!("{key}={v}"));
        }
    }
}
