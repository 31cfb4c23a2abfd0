//! The JSON API, against the router served on 127.0.0.1:0.

use crate::common;

use std::time::Duration;

use common::{Client, Server};
use futures_util::{SinkExt, StreamExt};
use mancala_core::{Game, Rules, State};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

fn labels(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// Every error is JSON with a message and a code, and a 4xx status.
fn assert_error(status: u16, body: &Value, expected: u16, code: &str, words: &[&str]) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["code"], code, "{body}");
    let message = body["error"].as_str().unwrap();
    for w in words {
        assert!(message.contains(w), "{message:?} should say {w:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catalogue_lists_games_with_rules() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let (status, body) = c.get("/api/rules").await;
    assert_eq!(status, 200);
    let games = body["games"].as_array().unwrap();
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert!(
        ids.contains(&"modiar") && ids.contains(&"tihbat") && ids.contains(&"sadeqa-ii"),
        "{ids:?}"
    );
    let modiar = games.iter().find(|g| g["id"] == "modiar").unwrap();
    assert!(modiar["rules_text"].as_str().unwrap().contains("Capture"));
    // One rule text: the catalogue's summary and full rules are the game
    // page's (`mancala rules` prints the same), in every language.
    for lang in mancala_i18n::Lang::ALL {
        let (_, body) = c.get(&format!("/api/rules?lang={}", lang.code())).await;
        for game in body["games"].as_array().unwrap() {
            let rules = Rules::builtin(game["id"].as_str().unwrap()).unwrap();
            assert_eq!(game["summary"], mancala_i18n::summary(&rules, lang, false));
            assert_eq!(game["rules_text"], mancala_i18n::rules_text(&rules, lang));
        }
    }
    // Perfect play needs a solved database (none in a new data directory,
    // unless one is installed where mancala-solver keeps them).
    let perfect = games
        .iter()
        .map(|g| g["perfect"].as_bool().unwrap())
        .collect::<Vec<_>>();
    assert_eq!(body["perfect_play"], perfect.iter().any(|&p| p));
    // The page and its assets are served.
    let (status, html) = c.get_text("/").await;
    assert_eq!(status, 200);
    assert!(html.contains("<svg id=\"board\""));
    assert_eq!(c.get_text("/assets/app.js").await.0, 200);
    assert_eq!(c.get_text("/assets/style.css").await.0, 200);
}

/// A game of the catalogue with board parameters of its own is played as
/// the core reads them; parameters the core refuses are a clear 400.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_board_parameters_is_played() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let (id, token, _) = c.create("kalah:holes=4,seeds=3", "local", "south").await;
    let (_, view) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(view["game"], "kalah:holes=4,seeds=3");
    assert_eq!(view["board"], json!([3, 3, 3, 3, 3, 3, 3, 3]));
    // Named with its board, here and in the game list: not just "Kalah".
    assert_eq!(view["name"], "Kalah (4 holes a row, 3 seeds a hole)");
    let token = token.unwrap();
    let listed = c.list_mine("", &[token.as_str()]).await;
    assert_eq!(listed["games"][0]["name"], view["name"], "{listed}");
    let (status, after) = c.play(&id, &token, "B").await;
    assert_eq!(status, 200, "{after}");
    for bad in [
        "kalah:holes=0",
        "kalah:holes=99999999999",
        "kalah:colour=red",
    ] {
        let (status, body) = c
            .post("/api/games", json!({"game": bad, "opponent": "local"}))
            .await;
        assert_eq!(status, 400, "{bad}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains("holes") || error.contains("parameter"),
            "{bad}: {body}"
        );
    }
    let (status, _) = c
        .post(
            "/api/games",
            json!({"game": "nosuch:holes=4", "opponent": "local"}),
        )
        .await;
    assert_eq!(status, 404);
}

/// Every font the stylesheet names is served as woff2 with a cache
/// lifetime, and each lies beside its licence; an unknown font is a 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fonts_of_the_stylesheet_are_served_with_their_licences() {
    let server = Server::start(50).await;
    let (_, css) = Client::new(&server.base)
        .get_text("/assets/style.css")
        .await;
    let fonts: Vec<&str> = css
        .split("url(/assets/fonts/")
        .skip(1)
        .map(|rest| &rest[..rest.find(')').unwrap()])
        .collect();
    assert_eq!(fonts.len(), 6, "{fonts:?}");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static/fonts");
    let http = reqwest::Client::new();
    for font in fonts {
        let r = http
            .get(format!("{}/assets/fonts/{font}", server.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{font}");
        assert_eq!(r.headers()["content-type"], "font/woff2");
        assert!(
            r.headers()["cache-control"]
                .to_str()
                .unwrap()
                .contains("max-age="),
            "{font}"
        );
        assert!(r.bytes().await.unwrap().starts_with(b"wOF2"), "{font}");
        let family = font.rsplit_once('-').unwrap().0;
        let licence = std::fs::read_to_string(dir.join(format!("OFL-{family}.txt")))
            .unwrap_or_else(|e| panic!("{font}: its licence: {e}"));
        assert!(licence.contains("SIL Open Font License"), "{font}");
    }
    let (status, _) = Client::new(&server.base)
        .get("/assets/fonts/nothing.woff2")
        .await;
    assert_eq!(status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_local_game_is_played_and_matches_the_engine() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let (id, south, north) = c.create("modiar", "local", "south").await;
    let token = south.unwrap();
    assert_eq!(
        Some(&token),
        north.as_ref(),
        "a local game has one token for both seats"
    );
    let record = "A c B b A b C b C a A b C";
    let mut game = Game::new(Rules::builtin("modiar").unwrap());
    for (i, mv) in record.split(' ').enumerate() {
        let (status, v) = c
            .post(
                &format!("/api/games/{id}/moves"),
                json!({"token": token, "move": mv, "ply": i}),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        game.play_label(mv).unwrap();
        // The state is the spec's JSON state, plus ids and moves.
        let state: State = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(state, State::of(&game));
        assert_eq!(v["id"], id.as_str());
        assert_eq!(v["last"]["move"], mv);
    }
    let (_, v) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], "north");
    // The page words the end from the code, in the reader's language.
    let reason = game.outcome().unwrap().reason;
    assert_eq!(v["reason"], reason.describe());
    assert_eq!(v["reason_code"], mancala_web::view::reason_code(reason));
    assert_eq!(v["record"], record);
    assert_eq!(labels(&v["moves"]).join(" "), record);
    let (status, body) = c.play(&id, &token, "A").await;
    assert_error(status, &body, 409, "game_over", &["already over"]);
    // Listed as over (finished games are public).
    let (_, list) = c.get("/api/games?status=over").await;
    assert_eq!(list["games"][0]["id"], id.as_str());
    assert_eq!(list["games"][0]["winner"], "north");
    assert_eq!(list["games"][0]["ply"], 13);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_clear_json_errors() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let (id, south, _) = c.create("modiar", "local", "south").await;
    let token = south.unwrap();

    // An illegal move names the move, the ply and the legal moves.
    c.play(&id, &token, "A").await;
    let (status, body) = c.play(&id, &token, "A").await;
    assert_error(
        status,
        &body,
        422,
        "illegal_move",
        &["A", "ply 2", "legal moves: a b c"],
    );
    assert_eq!(body["ply"], 2);
    assert_eq!(labels(&body["legal"]), ["a", "b", "c"]);
    let (status, body) = c.play(&id, &token, "Q").await;
    assert_error(
        status,
        &body,
        422,
        "illegal_move",
        &["Q", "ply 2", "legal moves"],
    );
    let (status, body) = c.play(&id, &token, "a c").await;
    assert_error(status, &body, 422, "illegal_move", &["ply 2"]);

    // Tokens.
    let (status, body) = c
        .post(&format!("/api/games/{id}/moves"), json!({"move": "a"}))
        .await;
    assert_error(status, &body, 401, "missing_token", &["token"]);
    let (status, body) = c.play(&id, "0123", "a").await;
    assert_error(status, &body, 403, "bad_token", &["seat"]);

    // A move sent for an older position is not played twice.
    let (status, body) = c
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "a", "ply": 0}),
        )
        .await;
    assert_error(
        status,
        &body,
        409,
        "stale",
        &["after 0 moves", "has 1 move now"],
    );

    // Unknown ids, games and routes.
    let (status, body) = c.get("/api/games/nosuchgame").await;
    assert_error(status, &body, 404, "no_such_game", &["nosuchgame"]);
    let (status, body) = c.play("nosuchgame", &token, "A").await;
    assert_error(status, &body, 404, "no_such_game", &[]);
    let (status, body) = c.post("/api/games", json!({"game": "chess"})).await;
    assert_error(status, &body, 404, "unknown_rules", &["chess", "modiar"]);
    let (status, body) = c
        .post("/api/games", json!({"game": "modiar", "opponent": "ai:12"}))
        .await;
    assert_error(status, &body, 400, "bad_request", &["ai:12", "ai:1"]);
    let (_, rules) = c.get("/api/rules").await;
    if rules["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == "oware" && g["perfect"] == false)
    {
        let (status, body) = c
            .post(
                "/api/games",
                json!({"game": "oware", "opponent": "perfect"}),
            )
            .await;
        assert_error(status, &body, 422, "no_database", &["database", "Oware"]);
    }
    let (status, body) = c
        .post("/api/games", json!({"game": "modiar", "side": "east"}))
        .await;
    assert_error(status, &body, 400, "bad_request", &["east"]);
    let (status, body) = c.get("/api/nothing/here").await;
    assert_error(status, &body, 404, "not_found", &["/api/nothing/here"]);

    // Malformed, mistyped and oversized bodies.
    let (status, body) = c.post_raw("/api/games", "{\"game\": ").await;
    assert_error(status, &body, 400, "bad_json", &["not valid JSON"]);
    let (status, body) = c.post_raw("/api/games", "[1, 2]").await;
    assert_error(status, &body, 400, "bad_json", &[]);
    let (status, body) = c.post("/api/games", json!({"game": 7})).await;
    assert_error(status, &body, 400, "bad_json", &["does not fit"]);
    let (status, body) = c
        .post("/api/games", json!({"game": "modiar", "colour": "red"}))
        .await;
    assert_error(status, &body, 400, "bad_json", &["colour"]);
    let (status, body) = c
        .post(&format!("/api/games/{id}/moves"), json!({"token": token}))
        .await;
    assert_error(status, &body, 400, "bad_json", &["move"]);
    let big = format!("{{\"game\": \"{}\"}}", "x".repeat(200_000));
    let (status, body) = c.post_raw("/api/games", big).await;
    assert_error(status, &body, 413, "too_large", &["KiB"]);
    let (status, body) = c
        .post_raw("/api/games/import", vec![0xff, 0xfe, 0x00])
        .await;
    assert_error(status, &body, 400, "bad_request", &["UTF-8"]);
    let (status, body) = c.get("/api/games?limit=many").await;
    assert_error(status, &body, 400, "bad_request", &[]);
    let (status, body) = c.get(&format!("/api/games/{id}/record?format=pdf")).await;
    assert_error(status, &body, 400, "bad_request", &["pdf"]);
    let (status, body) = c.get(&format!("/api/games/{id}/live")).await;
    assert_error(status, &body, 426, "websocket_required", &["WebSocket"]);
    let http = reqwest::Client::new();
    let r = http
        .delete(format!("{}/api/games/{id}", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 405);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["code"], "method_not_allowed");

    // After all that, the game is as it was.
    let (_, v) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["record"], "A");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_two_seats_and_live_updates() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let created = c.create_full("tihbat", "remote", "south").await;
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["tokens"]["south"].as_str().unwrap().to_string();
    assert!(
        created["tokens"]["north"].is_null(),
        "the creator gets one seat"
    );
    let invite = created["invite"].as_str().unwrap().to_string();
    let (_, v) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["seats"], json!({"south": true, "north": false}));
    assert!(!v.to_string().contains(&south), "tokens are never shown");

    // A watcher connects before the other person joins.
    let ws_url = format!("{}/api/games/{id}/live", server.base.replace("http", "ws"));
    let (mut watcher, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    let first = next_game(&mut watcher).await;
    assert_eq!(first["ply"], 0);

    // Only the two seated players can move; North's seat is taken by joining.
    let (status, body) = c.play(&id, &south, "a").await;
    assert_error(status, &body, 422, "illegal_move", &["legal moves: A B"]);
    let (status, joined) = c
        .post(&format!("/api/games/{id}/join"), json!({"invite": invite}))
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["side"], "north");
    let north = joined["token"].as_str().unwrap().to_string();
    assert_ne!(north, south);
    let (status, body) = c
        .post(&format!("/api/games/{id}/join"), json!({"invite": invite}))
        .await;
    assert_error(status, &body, 409, "seats_taken", &["watch"]);
    let joined_event = next_game(&mut watcher).await;
    assert_eq!(joined_event["seats"], json!({"south": true, "north": true}));

    let (status, body) = c.play(&id, &north, "a").await;
    assert_error(status, &body, 409, "not_your_turn", &["South's turn"]);
    let (status, _) = c.play(&id, &south, "A").await;
    assert_eq!(status, 200);
    let event = next_game(&mut watcher).await;
    assert_eq!(event["ply"], 1);
    assert_eq!(event["last"]["move"], "A");
    assert_eq!(event["last"]["laps"][0]["lift"], 0);
    assert_eq!(event["last"]["steps"][0]["step"], "lift");
    assert_eq!(event["last"]["steps"][0]["hole"], 0);
    let (status, _) = c.play(&id, &north, "b").await;
    assert_eq!(status, 200);
    let event = next_game(&mut watcher).await;
    assert_eq!(event["ply"], 2);
    assert_eq!(event["to_move"], "south");

    // A second watcher gets the current state at once; pings are answered.
    let (mut late, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    assert_eq!(next_game(&mut late).await["ply"], 2);
    late.send(Message::Text("ping".into())).await.unwrap();
    loop {
        match tokio::time::timeout(Duration::from_secs(5), late.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap()
        {
            Message::Text(t) if t.as_str() == "pong" => break,
            _ => {}
        }
    }

    // No undo or hints between two people elsewhere; resigning ends it.
    let (status, body) = c
        .post(&format!("/api/games/{id}/undo"), json!({"token": south}))
        .await;
    assert_error(status, &body, 409, "no_undo", &[]);
    let (status, body) = c
        .post(&format!("/api/games/{id}/hint"), json!({"token": south}))
        .await;
    assert_error(status, &body, 409, "no_hints", &[]);
    let (status, v) = c
        .post(&format!("/api/games/{id}/resign"), json!({"token": north}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], "south");
    assert_eq!(v["reason"], "North resigned");
    assert_eq!(v["reason_code"], "resigned");
    assert_eq!(v["legal"], json!([]));
    let event = next_game(&mut watcher).await;
    assert_eq!(event["resigned"], "north");
    let (status, body) = c.play(&id, &south, "A").await;
    assert_error(status, &body, 409, "game_over", &["resigned"]);

    // A live connection to an unknown game is refused before the upgrade.
    let err = tokio_tungstenite::connect_async(format!(
        "{}/api/games/unknown/live",
        server.base.replace("http", "ws")
    ))
    .await
    .unwrap_err();
    assert!(err.to_string().contains("404"), "{err}");
}

async fn next_game<S>(ws: &mut S) -> Value
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("an event within 10 s")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(text) = msg {
            let v: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["type"], "game");
            return v["game"].clone();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_machine_with_undo_hint_and_a_result() {
    let server = Server::start(30).await;
    let c = Client::new(&server.base);
    // The person takes North: the machine (South) opens at once.
    let (id, south, north) = c.create("modiar", "ai:2", "north").await;
    assert!(south.is_none());
    let token = north.unwrap();
    let v = c.settled(&id).await;
    assert_eq!(v["ply"], 1, "{v}");
    assert_eq!(v["players"], json!({"south": "ai:2", "north": "human"}));

    let (status, hint) = c
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{hint}");
    let hinted = hint["move"].as_str().unwrap().to_string();
    assert!(labels(&v["legal"]).contains(&hinted), "{hint}");
    assert_eq!(hint["line"][0], hinted.as_str());
    // Modiar is won on seeds: the value is a seed margin, named so.
    assert!(hint["margin_seeds"].is_number(), "{hint}");
    assert!(
        hint.get("value").is_none(),
        "a value without its unit: {hint}"
    );
    assert_eq!(hint["perfect"], false, "{hint}");

    let (status, body) = c
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_error(status, &body, 409, "nothing_to_undo", &[]);
    let (status, _) = c.play(&id, &token, &hinted).await;
    assert_eq!(status, 200);
    let after = c.settled(&id).await;
    assert_eq!(after["ply"], 3);
    let (status, undone) = c
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(
        undone["ply"], 1,
        "undo takes back the machine's reply and the person's move"
    );
    assert_eq!(undone["board"], v["board"]);

    // Play on to the end, always the first legal move.
    let mut v = c.settled(&id).await;
    while !v["over"].as_bool().unwrap() {
        let mv = v["legal"][0].as_str().unwrap().to_string();
        let (status, body) = c.play(&id, &token, &mv).await;
        assert_eq!(status, 200, "{body}");
        v = c.settled(&id).await;
    }
    assert!(v["winner"].is_string());
    assert!(v["score"].is_array());
    // The stored record replays to the same state.
    let game = Game::replay(
        Rules::builtin("modiar").unwrap(),
        v["record"].as_str().unwrap(),
    )
    .unwrap();
    assert_eq!(
        serde_json::from_value::<State>(v.clone()).unwrap(),
        State::of(&game)
    );
}

/// In a game won by leaving the opponent without a move, a hint's value is
/// a win or loss in plies or a heuristic score, never a seed margin.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_in_a_win_loss_game_carry_no_seed_margin() {
    let server = Server::start(30).await;
    let c = Client::new(&server.base);
    let (id, south, _) = c.create("sadeqa-ii", "local", "south").await;
    let token = south.unwrap();
    c.settled(&id).await;
    let (status, hint) = c
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{hint}");
    let object = hint.as_object().unwrap();
    assert!(
        !object.contains_key("margin_seeds") && !object.contains_key("value"),
        "{hint}"
    );
    let units: Vec<&str> = ["win_in_plies", "loss_in_plies", "heuristic_score"]
        .into_iter()
        .filter(|k| object.contains_key(*k))
        .collect();
    assert_eq!(units.len(), 1, "one value, named by its unit: {hint}");
    assert!(hint[units[0]].is_i64(), "{hint}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_import_and_replay() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let (id, token, _) = c.create("modiar", "local", "south").await;
    let token = token.unwrap();
    for mv in ["A", "c", "B", "b"] {
        assert_eq!(c.play(&id, &token, mv).await.0, 200);
    }
    let (status, text) = c
        .get_text(&format!("/api/games/{id}/record?format=text"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(text, "game: modiar\nmoves: A c B b\n");
    let (_, record) = c.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(record["moves"], json!(["A", "c", "B", "b"]));

    // Import the text and the JSON: new games with the same moves.
    for body in [text.clone(), record.to_string()] {
        let (status, created) = c.post_raw("/api/games/import", body).await;
        assert_eq!(status, 201, "{created}");
        assert_ne!(created["id"], id.as_str());
        assert_eq!(created["game"]["record"], "A c B b");
        assert!(
            created["tokens"]["south"].is_string(),
            "an imported game can be played on"
        );
    }
    // A finished game imported with a result line.
    let (status, created) = c
        .post_raw(
            "/api/games/import",
            "game: modiar\nmoves: A c B b A b C b C a A b C\nresult: North wins\n",
        )
        .await;
    assert_eq!(status, 201);
    assert_eq!(created["game"]["over"], true);
    // An illegal record is refused with the ply.
    let (status, body) = c
        .post_raw("/api/games/import", "game: modiar\nmoves: A A\n")
        .await;
    assert_error(
        status,
        &body,
        422,
        "illegal_move",
        &["ply 2", "legal moves: a b c"],
    );
    let (status, body) = c.post_raw("/api/games/import", "moves: A\n").await;
    assert_error(status, &body, 400, "bad_request", &["game:"]);
    let (status, body) = c
        .post_raw("/api/games/import", "game: go\nmoves: A\n")
        .await;
    assert_error(status, &body, 404, "unknown_rules", &["go"]);

    // Every position, for replaying move by move.
    let (status, replay) = c.get(&format!("/api/games/{id}/positions")).await;
    assert_eq!(status, 200);
    let positions = replay["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 5);
    assert_eq!(positions[0]["board"], json!([7, 7, 7, 7, 7, 7]));
    assert_eq!(positions[2]["last"]["move"], "c");
    assert_eq!(positions[4]["board"], replay["game"]["board"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_moves_are_played_once_and_survive_a_restart() {
    let server = Server::start(50).await;
    let c = Client::new(&server.base);
    let (id, token, _) = c.create("oware", "local", "south").await;
    let token = token.unwrap();
    // Ten clients send the same first move at once: exactly one is played.
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let c = c.clone();
        let (id, token) = (id.clone(), token.clone());
        tasks.push(tokio::spawn(async move {
            c.post(
                &format!("/api/games/{id}/moves"),
                json!({"token": token, "move": "F", "ply": 0}),
            )
            .await
            .0
        }));
    }
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.unwrap());
    }
    codes.sort();
    assert_eq!(codes, [200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    // Many games at once.
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let c = c.clone();
        tasks.push(tokio::spawn(async move {
            let (id, token, _) = c.create("sadeqa-ii", "local", "south").await;
            let token = token.unwrap();
            for _ in 0..8 {
                let (_, v) = c.get(&format!("/api/games/{id}")).await;
                let Some(mv) = v["legal"][0].as_str() else {
                    break;
                };
                assert_eq!(c.play(&id, &token, mv).await.0, 200);
            }
            let (_, v) = c.get(&format!("/api/games/{id}")).await;
            (id, v, token)
        }));
    }
    let mut games = Vec::new();
    let mut all_tokens = Vec::new();
    for t in tasks {
        let (id, v, token) = t.await.unwrap();
        games.push((id, v));
        all_tokens.push(token);
    }
    let (_, before) = c.get(&format!("/api/games/{id}")).await;
    let dir = server.stop().await;
    // Drop every handle on the old state, then open the same directory again.
    let server = Server::start_in(dir, 50).await;
    let c = Client::new(&server.base);
    let (_, after) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(after, before);
    for (id, v) in games {
        assert_eq!(c.get(&format!("/api/games/{id}")).await.1, v);
    }
    let mut tokens: Vec<&str> = all_tokens.iter().map(String::as_str).collect();
    tokens.push(&token);
    let list = c.list_mine("?limit=500", &tokens).await;
    assert_eq!(list["total"], 21);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn perfect_play_where_a_solved_database_is_installed() {
    // Solve Tihbat (a fraction of a second) into a new data directory.
    let dir = common::TempDir::new("perfect");
    let rules = Rules::builtin("tihbat").unwrap();
    let db = mancala_solver::solve(&rules, false).unwrap();
    db.write(dir.path().join(mancala_solver::default_file_name(&rules)))
        .unwrap();
    let server = Server::start_in(dir, 30).await;
    let c = Client::new(&server.base);
    let (_, catalogue) = c.get("/api/rules").await;
    assert_eq!(catalogue["perfect_play"], true);
    let tihbat = catalogue["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == "tihbat")
        .unwrap()
        .clone();
    assert_eq!(tihbat["perfect"], true);

    // The person plays South; perfect play answers with the database's best moves.
    let (id, south, _) = c.create("tihbat", "perfect", "south").await;
    let token = south.unwrap();
    let mut v = c.settled(&id).await;
    assert_eq!(v["players"]["north"], "perfect");
    let (status, hint) = c
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{hint}");
    assert_eq!(hint["perfect"], true, "{hint}");
    // Tihbat's opening is lost by two seeds with perfect play.
    assert_eq!(hint["margin_seeds"], -2.0, "{hint}");
    let mut plies = 0;
    while !v["over"].as_bool().unwrap() && plies < 200 {
        let before = Game::replay(rules.clone(), v["record"].as_str().unwrap()).unwrap();
        let mv = v["legal"][0].as_str().unwrap().to_string();
        let (status, body) = c.play(&id, &token, &mv).await;
        assert_eq!(status, 200, "{body}");
        v = c.settled(&id).await;
        plies += 2;
        // Every machine move is one of the database's best moves.
        let mut after_person = before.clone();
        after_person.play_label(&mv).unwrap();
        if let Some(reply) = v["moves"]
            .as_array()
            .unwrap()
            .get(after_person.moves().len())
        {
            let best = db.best_moves(after_person.position()).unwrap();
            let labels: Vec<String> = best
                .iter()
                .map(|&m| mancala_core::notation::move_label(&rules, m))
                .collect();
            assert!(
                labels.contains(&reply.as_str().unwrap().to_string()),
                "{reply} not in {labels:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_and_come_back_from_disk() {
    let server = Server::start(30).await;
    let hub = server.state.hub().clone();
    let mut first = None;
    let mut tasks = Vec::new();
    for i in 0..mancala_web::hub::MAX_LOADED + 50 {
        let hub = hub.clone();
        let moves = if i % 2 == 0 { "A c" } else { "B" };
        tasks.push(tokio::spawn(async move {
            let req: mancala_web::CreateRequest =
                serde_json::from_value(json!({"game": "modiar", "moves": moves})).unwrap();
            hub.create(req, "test").await.unwrap().id
        }));
        if tasks.len() == 64 {
            for t in tasks.drain(..) {
                let id = t.await.unwrap();
                first.get_or_insert(id);
            }
        }
    }
    for t in tasks {
        t.await.unwrap();
    }
    assert!(
        hub.loaded() <= mancala_web::hub::MAX_LOADED,
        "{} games in memory",
        hub.loaded()
    );
    let c = Client::new(&server.base);
    let (status, v) = c.get(&format!("/api/games/{}", first.unwrap())).await;
    assert_eq!(status, 200);
    assert_eq!(v["record"], "A c");
}

/// Requests that hyper refuses by itself (an address past its 64 KiB limit,
/// a request line that is not HTTP) get the API's JSON error, not an empty
/// body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_refused_before_the_application_get_json_errors() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = Server::start(50).await;
    let addr = server.base.trim_start_matches("http://").to_string();
    for (request, status, code) in [
        (
            format!(
                "GET /api/games/{} HTTP/1.1\r\nhost: x\r\n\r\n",
                "x".repeat(70_000)
            ),
            "414",
            "uri_too_long",
        ),
        ("NOT HTTP AT ALL\r\n\r\n".to_string(), "400", "bad_request"),
    ] {
        let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
            .await
            .unwrap()
            .unwrap();
        let answer = String::from_utf8_lossy(&answer).into_owned();
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status} ")),
            "{answer}"
        );
        assert!(
            answer
                .to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{answer}"
        );
        let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        assert_eq!(body["code"], code, "{answer}");
        assert!(body["error"].is_string());
    }
    server.stop().await;
}
