//! Fuzz target of the JSON API: random requests (methods, paths
//! with real and made-up ids, bodies from valid ones with random edits:
//! unknown fields, wrong types, huge numbers, control characters, broken
//! JSON) sent to a server in this process. Every answer must come in time,
//! never be a 5xx, and every refusal must be a JSON error with its `code`.
//! A seeded generator, so that a failure can be replayed; prints how many
//! requests it sent (`-- --nocapture`); `MANCALA_FUZZ_CASES` sets the count.

use crate::common;

use std::time::{Duration, Instant};

use common::{Client, Server};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

/// Values a field may be given.
fn odd_value(rng: &mut SmallRng) -> Value {
    let choices = [
        json!(null),
        json!(true),
        json!(-1),
        json!(18446744073709551615u64),
        json!(1e308),
        json!(""),
        json!("\u{7}\u{1b}[2J"),
        json!("A"),
        json!("a"),
        json!("pass"),
        json!("A c B b"),
        json!(["A", "b"]),
        json!([1, 2]),
        json!({"x": 1}),
        json!("ai:3"),
        json!("alphabeta:depth=60"),
        json!("mcts:playouts=10,trees=100000"),
        json!("perfect"),
        json!("local"),
        json!("south"),
        json!("x".repeat(5000)),
    ];
    choices.choose(rng).unwrap().clone()
}

fn body(rng: &mut SmallRng, token: &str) -> String {
    let bases = [
        json!({"game": "tihbat", "opponent": "local", "side": "south"}),
        json!({"game": "modiar", "opponent": "ai:1"}),
        json!({"game": "tihbat", "moves": "A b"}),
        json!({"move": "A", "token": token}),
        json!({"token": token}),
        json!({"side": "north"}),
    ];
    let mut value = bases.choose(rng).unwrap().clone();
    let keys = [
        "game", "opponent", "side", "moves", "move", "token", "ply", "colour", "\u{0}",
    ];
    for _ in 0..rng.random_range(0..3) {
        let key = keys.choose(rng).unwrap().to_string();
        value[key] = odd_value(rng);
    }
    let mut text = value.to_string();
    match rng.random_range(0..6) {
        0 => text.truncate(rng.random_range(0..=text.len())),
        1 => {
            text = format!(
                "game: tihbat\nmoves: {}\n",
                ["A b", "Z", "pass pass", "\u{1b}"].choose(rng).unwrap()
            )
        }
        _ => {}
    }
    // Truncation may cut a character in two: send what is left as bytes.
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fuzz_api_requests() {
    let server = Server::start(20).await;
    let client = Client::new(&server.base);
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();
    let (id, token, _) = client.create("tihbat", "local", "south").await;
    let token = token.unwrap_or_default();
    let cases: usize = std::env::var("MANCALA_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5_000);
    let mut rng = SmallRng::seed_from_u64(13);
    let actions = [
        "",
        "/moves",
        "/join",
        "/undo",
        "/resign",
        "/hint",
        "/record",
        "/record?format=text",
        "/record?format=x",
        "/positions",
    ];
    let start = Instant::now();
    let mut sent = 0;
    for _ in 0..cases {
        let game_id = match rng.random_range(0..4) {
            0 => "nope".to_string(),
            1 => "%00%1b".to_string(),
            2 => "x".repeat(rng.random_range(1..3000)),
            _ => id.clone(),
        };
        let path = match rng.random_range(0..6) {
            0 => "/api/games".to_string(),
            1 => "/api/games/import".to_string(),
            2 => [
                "/api/rules",
                "/api",
                "/api/games?status=x",
                "/api/nothing",
                "/api/games?status=over",
            ]
            .choose(&mut rng)
            .unwrap()
            .to_string(),
            _ => format!("/api/games/{game_id}{}", actions.choose(&mut rng).unwrap()),
        };
        let post = rng.random_bool(0.7);
        let url = format!("{}{path}", server.base);
        let request = if post {
            http.post(&url).body(body(&mut rng, &token))
        } else {
            http.get(&url)
        };
        let begun = Instant::now();
        let response = request
            .send()
            .await
            .unwrap_or_else(|e| panic!("{path}: no answer: {e}"));
        sent += 1;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        assert!(
            begun.elapsed() < Duration::from_secs(15),
            "{path}: {:?}",
            begun.elapsed()
        );
        assert!(status < 500, "{path}: {status} {text}");
        if status >= 400 {
            let value: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{path}: {status}: not JSON ({e}): {text:?}"));
            assert!(
                value["code"].is_string() && value["error"].is_string(),
                "{path}: {value}"
            );
        }
    }
    println!(
        "fuzz_api_requests: {sent} requests in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    server.stop().await;
}
