//! A server the public can use: clients that vanish half-way,
//! seats that need their secrets, and bounded resources.

use crate::common;

use std::time::{Duration, Instant};

use common::{Client, Server, TempDir};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// Sends `body` to `path` as a POST on a raw connection and resets the
/// connection (RST) after `wait`, without reading the answer.
async fn post_and_vanish(base: &str, path: &str, body: &Value, wait: Duration) {
    let addr = base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    tokio::time::sleep(wait).await;
    #[allow(deprecated)] // blocking on drop is what a reset needs here: nothing is left to send
    stream.set_linger(Some(Duration::ZERO)).unwrap();
    drop(stream);
}

/// The game's moves in memory (the API) and on disk agree.
async fn memory_matches_disk(server: &Server, id: &str) -> Value {
    let c = Client::new(&server.base);
    let view = c.settled(id).await;
    let stored = server.state.hub().store().load(id).unwrap().unwrap();
    let moves: Vec<String> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        moves, stored.moves,
        "game {id}: the API shows {moves:?}, the disk holds {:?}",
        stored.moves
    );
    view
}

fn error_code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or("")
}

// 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_client_vanishes_is_finished_and_answered_by_the_machine() {
    // Commits flushed to the disk, as by default: the store takes long
    // enough for the client to vanish while it waits.
    let server = Server::start_with(TempDir::new("vanish"), 20, |config| {
        config.synchronous_full = true
    })
    .await;
    let c = Client::new(&server.base);
    for attempt in 0..30u64 {
        let (id, south, _) = c.create("oware", "ai:1", "south").await;
        let token = south.unwrap();
        let body = json!({"token": token, "move": "F", "ply": 0});
        post_and_vanish(
            &server.base,
            &format!("/api/games/{id}/moves"),
            &body,
            Duration::from_micros(attempt % 10 * 300),
        )
        .await;
        // Either the move never arrived, or it was stored and the machine answered.
        let deadline = Instant::now() + Duration::from_secs(10);
        let view = loop {
            let view = memory_matches_disk(&server, &id).await;
            if view["ply"] == 0 || view["ply"] == 2 || Instant::now() > deadline {
                break view;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        assert!(
            view["ply"] == 0 || view["ply"] == 2,
            "attempt {attempt}: stuck at {view}"
        );
        assert_eq!(view["to_move"], "south", "attempt {attempt}: {view}");
        // South can go on.
        let mv = view["legal"][0].as_str().unwrap().to_string();
        let (status, body) = c
            .post(
                &format!("/api/games/{id}/moves"),
                json!({"token": token, "move": mv, "version": view["version"]}),
            )
            .await;
        assert_eq!(status, 200, "attempt {attempt}: {body}");
    }
}

// 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_whose_client_vanishes_keeps_the_seat_for_its_token() {
    let server = Server::start_with(TempDir::new("vanish"), 20, |config| {
        config.synchronous_full = true
    })
    .await;
    let c = Client::new(&server.base);
    for attempt in 0..20u64 {
        let created = c.create_full("tihbat", "remote", "south").await;
        let id = created["id"].as_str().unwrap().to_string();
        let token = format!("{:032x}", 0xabcdef_u128 * (attempt as u128 + 1));
        let body = json!({"invite": created["invite"], "token": token});
        post_and_vanish(
            &server.base,
            &format!("/api/games/{id}/join"),
            &body,
            Duration::from_micros(attempt * 200),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The joiner tries again with the same token: the seat is theirs
        // (whether or not the first try arrived); nobody else gets it, and
        // nothing answers 500.
        let (status, joined) = c.post(&format!("/api/games/{id}/join"), body.clone()).await;
        assert_eq!(status, 200, "attempt {attempt}: {joined}");
        assert_eq!(joined["side"], "north");
        assert_eq!(
            joined["game"]["seats"],
            json!({"south": true, "north": true})
        );
        let (status, other) = c
            .post(
                &format!("/api/games/{id}/join"),
                json!({"invite": created["invite"], "token": format!("{:032x}", 7)}),
            )
            .await;
        assert_eq!(
            (status, error_code(&other)),
            (409, "seats_taken"),
            "attempt {attempt}: {other}"
        );
        let south = created["tokens"]["south"].as_str().unwrap();
        assert_eq!(c.play(&id, south, "A").await.0, 200);
        let (status, body) = c.play(&id, &token, "b").await;
        assert_eq!(
            status, 200,
            "attempt {attempt}: the joiner's token plays: {body}"
        );
    }
    // After a restart, the seats belong to the same tokens.
    let dir = server.stop().await;
    let server = Server::start_in(dir, 20).await;
    let c = Client::new(&server.base);
    let (_, list) = c.get("/api/games?limit=1").await;
    assert_eq!(
        list["total"], 0,
        "games in play are not listed to strangers"
    );
}

// 4.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_for_a_position_taken_back_is_refused_by_its_version() {
    let server = Server::start(20).await;
    let c = Client::new(&server.base);
    let (id, south, _) = c.create("modiar", "ai:2", "south").await;
    let token = south.unwrap();
    let start = c.settled(&id).await;
    assert_eq!(start["version"], start["updated"]);
    let (status, after) = c
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "A", "version": start["version"]}),
        )
        .await;
    assert_eq!(status, 200, "{after}");
    c.settled(&id).await;
    let (status, undone) = c
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{undone}");
    assert_eq!(undone["ply"], 0, "back at the same ply");
    assert_ne!(undone["version"], start["version"], "but another version");
    // A stale move (sent again for the first position) is refused, and says the version now.
    let (status, body) = c
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "B", "version": start["version"]}),
        )
        .await;
    assert_eq!((status, error_code(&body)), (409, "stale"), "{body}");
    assert_eq!(body["version"], undone["version"]);
    let (status, body) = c
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "B", "version": undone["version"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The version survives a restart (it is the stored time of the last change).
    let v = c.settled(&id).await;
    let dir = server.stop().await;
    let server = Server::start_in(dir, 20).await;
    let (_, again) = Client::new(&server.base)
        .get(&format!("/api/games/{id}"))
        .await;
    assert_eq!(again["version"], v["version"]);
}

// 5.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_games_free_seat_needs_the_invitation_and_lists_are_private() {
    let server = Server::start(20).await;
    let c = Client::new(&server.base);
    let created = c.create_full("tihbat", "remote", "south").await;
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["tokens"]["south"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap().to_string();
    assert_eq!(invite.len(), 32);

    // A stranger cannot find the game in the list, nor take its seat.
    let (_, list) = c.get("/api/games?status=playing").await;
    assert_eq!(list["total"], 0, "{list}");
    let (status, body) = c.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(
        (status, error_code(&body)),
        (401, "missing_invite"),
        "{body}"
    );
    let (status, body) = c
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": "0".repeat(32)}),
        )
        .await;
    assert_eq!((status, error_code(&body)), (403, "bad_invite"), "{body}");

    // Its creator sees it, and can make a new invitation (the old one stops working).
    let mine = c.list_mine("?status=playing", &[&south]).await;
    assert_eq!(mine["total"], 1);
    assert_eq!(mine["games"][0]["id"], id.as_str());
    let (status, body) = c
        .post(
            &format!("/api/games/{id}/invite"),
            json!({"token": "f".repeat(32)}),
        )
        .await;
    assert_eq!((status, error_code(&body)), (403, "bad_token"), "{body}");
    let (status, fresh) = c
        .post(&format!("/api/games/{id}/invite"), json!({"token": south}))
        .await;
    assert_eq!(status, 200, "{fresh}");
    let fresh = fresh["invite"].as_str().unwrap().to_string();
    let (status, body) = c
        .post(&format!("/api/games/{id}/join"), json!({"invite": invite}))
        .await;
    assert_eq!((status, error_code(&body)), (403, "bad_invite"), "{body}");

    // The invited friend takes the seat.
    let (status, joined) = c
        .post(&format!("/api/games/{id}/join"), json!({"invite": fresh}))
        .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["side"], "north");
    let north = joined["token"].as_str().unwrap().to_string();
    let (status, seat) = c
        .post(&format!("/api/games/{id}/seat"), json!({"token": north}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(seat["sides"], json!(["north"]));

    // Once over, the game is public.
    assert_eq!(
        c.post(&format!("/api/games/{id}/resign"), json!({"token": north}))
            .await
            .0,
        200
    );
    let (_, list) = c.get("/api/games").await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["games"][0]["status"], "over");
}

// 7.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_tokens_are_stored_as_hashes_and_old_databases_are_upgraded() {
    let dir = TempDir::new("hashed");
    // A database as the server before wrote it: plain tokens, version 1.
    {
        let conn =
            rusqlite::Connection::open(dir.path().join(mancala_web::store::DB_FILE)).unwrap();
        conn.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, mode TEXT NOT NULL, south TEXT NOT NULL,
                north TEXT NOT NULL, south_token TEXT, north_token TEXT, created_ms INTEGER NOT NULL,
                updated_ms INTEGER NOT NULL, resigned TEXT, ply INTEGER NOT NULL DEFAULT 0,
                status TEXT NOT NULL DEFAULT 'playing', winner TEXT);
             CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games (id), ply INTEGER NOT NULL, label TEXT NOT NULL,
                played_ms INTEGER NOT NULL, PRIMARY KEY (game_id, ply)) WITHOUT ROWID;
             INSERT INTO games VALUES ('oldgame123', 'modiar', 'local', 'human', 'human',
                '0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef', 1, 2, NULL, 1, 'playing', NULL);
             INSERT INTO moves VALUES ('oldgame123', 1, 'A', 2);
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let server = Server::start_in(dir, 20).await;
    let c = Client::new(&server.base);
    let (status, v) = c
        .play("oldgame123", "0123456789abcdef0123456789abcdef", "a")
        .await;
    assert_eq!(status, 200, "the old token still plays: {v}");
    let (id, south, _) = c.create("modiar", "remote", "south").await;
    let south = south.unwrap();
    let text = std::fs::read(server.state.hub().store().path()).unwrap();
    let wal = std::fs::read(
        server
            .state
            .hub()
            .store()
            .path()
            .with_extension("sqlite3-wal"),
    )
    .unwrap_or_default();
    for bytes in [&text, &wal] {
        let bytes = String::from_utf8_lossy(bytes);
        assert!(!bytes.contains(&south), "the token of {id} is on disk");
        assert!(
            !bytes.contains("0123456789abcdef0123456789abcdef"),
            "the old token is still on disk"
        );
    }
    assert!(
        String::from_utf8_lossy(&[text, wal].concat())
            .contains(&mancala_web::secret::secret_hash(&south))
    );
    // A token that differs in one digit is refused.
    let mut wrong = south.clone();
    wrong.replace_range(31..32, if south.ends_with('0') { "1" } else { "0" });
    assert_eq!(c.play(&id, &wrong, "A").await.0, 403);
}

// 8.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_sockets_are_bounded_in_size_number_and_idle_time() {
    let server = Server::start_with(TempDir::new("sockets"), 20, |config| {
        config.limits.sockets_per_client = 3;
        config.limits.socket_idle = Duration::from_millis(600);
    })
    .await;
    let c = Client::new(&server.base);
    let (id, _, _) = c.create("modiar", "local", "south").await;
    let url = format!("{}/api/games/{id}/live", server.base.replace("http", "ws"));

    // A message larger than the limit closes the socket.
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    ws.next().await.unwrap().unwrap();
    let _ = ws.send(Message::Text("x".repeat(64 * 1024).into())).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true), "a 64 KiB message closes the socket");

    // Three sockets from one address; the fourth is refused.
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(tokio_tungstenite::connect_async(&url).await.unwrap().0);
    }
    let err = tokio_tungstenite::connect_async(&url).await.unwrap_err();
    assert!(err.to_string().contains("429"), "{err}");

    // A socket whose client says nothing is closed (tungstenite answers
    // pings only when read, so this one stays silent).
    let started = Instant::now();
    let mut silent_read = open.pop().unwrap();
    drop(open);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut closed = false;
    while let Ok(Some(message)) =
        tokio::time::timeout(Duration::from_secs(3), silent_read.next()).await
    {
        if matches!(message, Err(_) | Ok(Message::Close(_))) {
            closed = true;
            break;
        }
    }
    assert!(
        closed || started.elapsed() < Duration::from_secs(1),
        "the idle socket was closed"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        server.state.hub().sockets().total(),
        0,
        "every socket is counted out"
    );
}

async fn machine_reply_time(c: &Client, level: &str) -> Duration {
    let (id, south, _) = c.create("oware", level, "south").await;
    let started = Instant::now();
    let (status, body) = c.play(&id, &south.unwrap(), "F").await;
    assert_eq!(status, 200, "{body}");
    let v = c.settled(&id).await;
    assert_eq!(v["ply"], 2);
    started.elapsed()
}

// 9.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_machine_serves_clients_in_turn_and_hints_are_bounded() {
    let server = Server::start(400).await;
    let c = Client::new(&server.base);
    // Another client (127.0.0.2) keeps 12 games of ai:9 thinking ...
    let busy = Client::from_address(&server.base, [127, 0, 0, 2]);
    let mut games = Vec::new();
    for _ in 0..12 {
        games.push(busy.create("oware", "ai:9", "north").await.0);
    }
    // ... and asks for 40 hints at once in a game of its own.
    let (local, local_token, _) = busy.create("oware", "local", "south").await;
    let mut hints = Vec::new();
    for _ in 0..40 {
        let (busy, local, token) = (busy.clone(), local.clone(), local_token.clone());
        hints.push(tokio::spawn(async move {
            busy.post(&format!("/api/games/{local}/hint"), json!({"token": token}))
                .await
                .0
        }));
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    // This client's weak machine answers at once, its ai:5 within about a turn.
    let quick = machine_reply_time(&c, "ai:1").await;
    assert!(
        quick < Duration::from_millis(400),
        "ai:1 answered in {quick:?}"
    );
    let searched = machine_reply_time(&c, "ai:5").await;
    assert!(
        searched < Duration::from_millis(2000),
        "ai:5 answered in {searched:?}"
    );
    for h in hints {
        h.await.unwrap();
    }
    // Hints: at most `hints_pending` at once, the rest refused with 503 busy at once.
    let (id, south, _) = c.create("oware", "local", "south").await;
    let token = south.unwrap();
    let mut asked = Vec::new();
    for _ in 0..40 {
        let c = c.clone();
        let (id, token) = (id.clone(), token.clone());
        asked.push(tokio::spawn(async move {
            let started = Instant::now();
            let (status, body) = c
                .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
                .await;
            (status, error_code(&body).to_string(), started.elapsed())
        }));
    }
    let mut answered = 0;
    let mut refused = 0;
    for a in asked {
        let (status, code, took) = a.await.unwrap();
        match status {
            200 => answered += 1,
            503 => {
                assert_eq!(code, "busy");
                refused += 1;
            }
            other => panic!("hint answered {other} {code}"),
        }
        assert!(took < Duration::from_secs(10), "a hint waited {took:?}");
    }
    let bound = server.state.hub().config().limits.hints_pending;
    assert!(
        answered >= 1 && refused >= 1 && answered <= 40,
        "{answered} answered, {refused} refused (bound {bound})"
    );
    // Every game of the busy client still gets its move.
    for id in games {
        c.settled(&id).await;
    }
}

// 10.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_games_are_rate_limited_and_slow_requests_are_cut_off() {
    let server = Server::start_with(TempDir::new("rate"), 20, |config| {
        config.limits.create_burst = 5;
        config.limits.create_every = Duration::from_secs(60);
        config.limits.header_timeout = Duration::from_millis(500);
        config.limits.body_timeout = Duration::from_millis(500);
    })
    .await;
    let c = Client::new(&server.base);
    for _ in 0..5 {
        c.create("modiar", "local", "south").await;
    }
    let (status, body) = c.post("/api/games", json!({"game": "modiar"})).await;
    assert_eq!((status, error_code(&body)), (429, "rate_limited"), "{body}");
    assert!(body["retry_after"].as_u64().unwrap() > 1);
    // Another address is not held back.
    let other = Client::from_address(&server.base, [127, 0, 0, 3]);
    assert_eq!(
        other.post("/api/games", json!({"game": "modiar"})).await.0,
        201
    );

    // Headers sent slowly: the connection is closed.
    let addr = server.base.trim_start_matches("http://").to_string();
    let mut slow = tokio::net::TcpStream::connect(&addr).await.unwrap();
    slow.write_all(b"GET /api HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = Instant::now();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "a half-sent request is held for ever");
    assert!(started.elapsed() < Duration::from_secs(3));

    // A body sent slowly: refused with 408.
    let mut slow = tokio::net::TcpStream::connect(&addr).await.unwrap();
    slow.write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), slow.read_to_end(&mut buf)).await;
    assert!(read.is_ok(), "a half-sent body is held for ever");
    let text = String::from_utf8_lossy(&buf);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
}

// 11.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_carry_security_headers_and_posts_must_be_json() {
    let server = Server::start(20).await;
    let http = reqwest::Client::new();
    for path in ["/", "/api/games/nosuch", "/assets/app.js"] {
        let r = http
            .get(format!("{}{path}", server.base))
            .send()
            .await
            .unwrap();
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert_eq!(h["x-frame-options"], "DENY");
        assert_eq!(h["referrer-policy"], "no-referrer");
    }
    // What a page of another site can send without asking: a form, or text/plain.
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let r = http
            .post(format!("{}/api/games", server.base))
            .header("content-type", kind)
            .body(r#"{"game": "modiar"}"#)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 415, "{kind}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["code"], "json_required");
    }
    let r = http
        .post(format!("{}/api/games", server.base))
        .body(r#"{"game": "modiar"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 415, "no content type");
    // Import takes the text inside JSON.
    let (status, created) = Client::new(&server.base)
        .post(
            "/api/games/import",
            json!({"text": "game: modiar\nmoves: A c\n"}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["game"]["record"], "A c");
}
