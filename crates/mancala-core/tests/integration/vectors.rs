//! The shared test vectors (`tests/vectors/*.jsonl`, copied from the spec):
//! every record, replayed through the library, gives exactly the final state.

use mancala_core::{Game, Rules, State};
use serde_json::Value;

/// The keys the spec defines; a vector's `final` is compared on these.
const KEYS: &[&str] = &[
    "game", "board", "to_move", "ply", "legal", "over", "captured", "winner", "score",
];

fn vectors(game: &str) -> Vec<(String, Value)> {
    let path = format!(
        "{}/../../tests/vectors/{game}.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (v["moves"].as_str().unwrap().to_string(), v["final"].clone())
        })
        .collect()
}

/// Compares two JSON values, numbers by value (20 == 20.0).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        _ => a == b,
    }
}

/// The strings of a JSON array, sorted.
fn sorted(v: &Value) -> Option<Vec<String>> {
    let mut items: Vec<String> = v
        .as_array()?
        .iter()
        .map(|x| x.as_str().map(str::to_string))
        .collect::<Option<_>>()?;
    items.sort();
    Some(items)
}

fn check(game: &str) -> Vec<String> {
    let rules = Rules::builtin(game).unwrap_or_else(|e| panic!("vectors for {game}: {e}"));
    let cases = vectors(game);
    assert!(cases.len() >= 40, "{game}: only {} vectors", cases.len());
    let mut failures = Vec::new();
    for (moves, expected) in &cases {
        let replayed =
            Game::replay(rules.clone(), moves).unwrap_or_else(|e| panic!("{game} {moves:?}: {e}"));
        let got = serde_json::to_value(State::of(&replayed)).unwrap();
        for key in KEYS {
            if let Some(want) = expected.get(key) {
                let have = got.get(key).unwrap_or(&Value::Null);
                // The legal moves are a set: the spec does not fix their order.
                let matches = if *key == "legal" {
                    sorted(want) == sorted(have)
                } else {
                    same(want, have)
                };
                if !matches {
                    failures.push(format!(
                        "{game} {moves:?}: {key}: expected {want}, got {have}"
                    ));
                }
            }
        }
    }
    failures
}

/// Every file of `tests/vectors/` is the vectors of the built-in game of
/// its name: a new game's vectors need no new test.
#[test]
fn every_vector_file_replays_exactly() {
    let dir = format!("{}/../../tests/vectors", env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "jsonl")
                .then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    games.sort();
    for must in [
        "bao-la-kujifunza",
        "kalah",
        "modiar",
        "oware",
        "sadeqa-ii",
        "tihbat",
    ] {
        assert!(
            games.iter().any(|g| g == must),
            "no vectors for {must} in {dir}"
        );
    }
    let failures: Vec<String> = games.iter().flat_map(|g| check(g)).collect();
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
