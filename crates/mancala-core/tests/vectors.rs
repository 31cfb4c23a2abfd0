//! The shared test vectors (`tests/vectors/*.jsonl`, copied from the spec):
//! every record, replayed through the library, gives exactly the final state.

use mancala_core::{Game, Rules, State};
use serde_json::Value;

/// The keys the spec defines; a vector's `final` is compared on these.
const KEYS: &[&str] = &["game", "board", "to_move", "ply", "legal", "over", "captured", "winner", "score"];

fn vectors(game: &str) -> Vec<(String, Value)> {
    let path = format!("{}/../../tests/vectors/{game}.jsonl", env!("CARGO_MANIFEST_DIR"));
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
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        _ => a == b,
    }
}

fn check(game: &str) {
    let rules = Rules::builtin(game).unwrap();
    let cases = vectors(game);
    assert!(cases.len() >= 40, "{game}: only {} vectors", cases.len());
    let mut failures = Vec::new();
    for (moves, expected) in &cases {
        let replayed = Game::replay(rules.clone(), moves).unwrap_or_else(|e| panic!("{game} {moves:?}: {e}"));
        let got = serde_json::to_value(State::of(&replayed)).unwrap();
        for key in KEYS {
            if let Some(want) = expected.get(key) {
                let have = got.get(key).unwrap_or(&Value::Null);
                if !same(want, have) {
                    failures.push(format!("{moves:?}: {key}: expected {want}, got {have}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{game}: {} mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn modiar_vectors() {
    check("modiar");
}

#[test]
fn tihbat_vectors() {
    check("tihbat");
}

#[test]
fn sadeqa_ii_vectors() {
    check("sadeqa-ii");
}

#[test]
fn oware_vectors() {
    check("oware");
}
