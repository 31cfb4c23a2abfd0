//! Load benchmark: many games played at once over the HTTP API on
//! localhost, then every game's stored moves compared with what its
//! clients played (no move lost, none duplicated).
//!
//! ```text
//! cargo run --release -p mancala-web --example load -- [--games 200] [--moves 120]
//!     [--game oware] [--seconds 120] [--url http://127.0.0.1:8080] [--normal-sync]
//! ```
//!
//! Without `--url` the server runs in this process (its own runtime) on
//! 127.0.0.1 with a temporary data directory and the default settings (a
//! commit flushed to the disk before each move is answered). `--url` must
//! point at this machine (127.0.0.1, localhost or [::1]). Each game is a
//! `remote` game: one client creates it, a second joins, and the two play
//! random legal moves in turn until the game ends, `--moves` moves are
//! played, or `--seconds` run out.
//!
//! The server keeps its default limits (new games per address, connections
//! per address): the clients are spread over the loopback addresses
//! 127.0.0.2 to 127.0.0.101, as many people would be.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

struct Options {
    games: usize,
    moves: usize,
    game: String,
    seconds: u64,
    url: Option<String>,
    full_sync: bool,
}

fn options() -> anyhow::Result<Options> {
    let mut o = Options {
        games: 200,
        moves: 120,
        game: "oware".into(),
        seconds: 120,
        url: None,
        full_sync: true,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| anyhow::anyhow!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--games" => o.games = value()?.parse()?,
            "--moves" => o.moves = value()?.parse()?,
            "--game" => o.game = value()?,
            "--seconds" => o.seconds = value()?.parse()?,
            "--url" => o.url = Some(value()?),
            "--normal-sync" => o.full_sync = false,
            "--bench" => {} // passed by `cargo bench`
            other => anyhow::bail!("unknown argument {other:?}"),
        }
    }
    anyhow::ensure!((1..=2000).contains(&o.games), "--games must be 1..=2000");
    anyhow::ensure!((1..=10_000).contains(&o.moves), "--moves must be 1..=10000");
    anyhow::ensure!((1..=600).contains(&o.seconds), "--seconds must be 1..=600");
    if let Some(url) = &o.url {
        let host = url
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap_or("");
        let local =
            host.starts_with("127.") || host.starts_with("localhost") || host.starts_with("[::1]");
        anyhow::ensure!(
            local,
            "--url must be a server on this machine (127.0.0.1, localhost or [::1]), not {url}"
        );
    }
    Ok(o)
}

/// What one game's clients did.
struct Played {
    id: String,
    moves: Vec<String>,
    latencies: Vec<Duration>,
    errors: Vec<String>,
}

async fn play_game(
    http: reqwest::Client,
    base: String,
    game: String,
    seed: u64,
    max_moves: usize,
    deadline: Instant,
) -> Played {
    let mut played = Played {
        id: String::new(),
        moves: Vec::new(),
        latencies: Vec::new(),
        errors: Vec::new(),
    };
    let mut rng = SmallRng::seed_from_u64(seed);
    let post = |path: String, body: Value| {
        let http = http.clone();
        let url = format!("{base}{path}");
        async move {
            let r = http
                .post(url)
                .json(&body)
                .send()
                .await
                .map_err(|e| e.to_string())?;
            let status = r.status().as_u16();
            let v: Value = r.json().await.map_err(|e| e.to_string())?;
            if status >= 300 {
                Err(format!("{status}: {v}"))
            } else {
                Ok(v)
            }
        }
    };
    let created = match post(
        "/api/games".into(),
        json!({"game": game, "opponent": "remote", "side": "south"}),
    )
    .await
    {
        Ok(v) => v,
        Err(e) => {
            played.errors.push(format!("create: {e}"));
            return played;
        }
    };
    played.id = created["id"].as_str().unwrap_or_default().to_string();
    let south = created["tokens"]["south"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let joined = match post(
        format!("/api/games/{}/join", played.id),
        json!({"invite": created["invite"]}),
    )
    .await
    {
        Ok(v) => v,
        Err(e) => {
            played.errors.push(format!("join: {e}"));
            return played;
        }
    };
    let north = joined["token"].as_str().unwrap_or_default().to_string();
    // The state after the join (its version is the one a move must name).
    let mut state = joined["game"].clone();
    while played.moves.len() < max_moves && Instant::now() < deadline && state["over"] == false {
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let token = if state["to_move"] == "south" {
            &south
        } else {
            &north
        };
        let body = json!({"token": token, "move": mv, "version": state["version"]});
        let started = Instant::now();
        match post(format!("/api/games/{}/moves", played.id), body).await {
            Ok(v) => {
                played.latencies.push(started.elapsed());
                played.moves.push(mv);
                state = v;
            }
            Err(e) => {
                played.errors.push(format!(
                    "move {} of game {}: {e}",
                    played.moves.len() + 1,
                    played.id
                ));
                break;
            }
        }
    }
    played
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn main() -> anyhow::Result<()> {
    let o = options()?;
    // The server, unless one was named.
    let dir = std::env::temp_dir().join(format!("mancala-web-load-{}", std::process::id()));
    let mut server_runtime = None;
    let base = match &o.url {
        Some(url) => url.trim_end_matches('/').to_string(),
        None => {
            let _ = std::fs::remove_dir_all(&dir);
            let mut config = mancala_web::Config::new(&dir);
            config.synchronous_full = o.full_sync;
            let state = mancala_web::AppState::open(config)?;
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()?;
            let listener = rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
            let addr = listener.local_addr()?;
            rt.spawn(mancala_web::serve_until(
                listener,
                state,
                std::future::pending(),
            ));
            server_runtime = Some(rt);
            format!("http://{addr}")
        }
    };
    println!(
        "load: {} concurrent {} games, at most {} moves each, {} s at most, server {base}{}",
        o.games,
        o.game,
        o.moves,
        o.seconds,
        if o.url.is_some() {
            ""
        } else if o.full_sync {
            " (in process, full sync)"
        } else {
            " (in process, normal sync)"
        }
    );

    let client = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let (results, elapsed) = client.block_on(async {
        let clients: Vec<reqwest::Client> = (0..100u8)
            .map(|i| {
                reqwest::Client::builder()
                    .timeout(Duration::from_secs(30))
                    .local_address(std::net::IpAddr::from([127, 0, 0, 2 + i]))
                    .build()
                    .expect("a client")
            })
            .collect();
        let deadline = Instant::now() + Duration::from_secs(o.seconds);
        let started = Instant::now();
        let tasks: Vec<_> = (0..o.games)
            .map(|i| {
                let http = clients[i % clients.len()].clone();
                tokio::spawn(play_game(
                    http,
                    base.clone(),
                    o.game.clone(),
                    i as u64,
                    o.moves,
                    deadline,
                ))
            })
            .collect();
        let mut results = Vec::new();
        for t in tasks {
            results.push(t.await.expect("a game task"));
        }
        (results, started.elapsed())
    });

    // Check every game: the server's move list, and the database's rows.
    let mut lost_or_duplicated = Vec::new();
    let db = if o.url.is_none() {
        Some(rusqlite::Connection::open_with_flags(
            dir.join(mancala_web::store::DB_FILE),
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        )?)
    } else {
        None
    };
    let results = Arc::new(results);
    client.block_on(async {
        let http = reqwest::Client::new();
        for p in results.iter().filter(|p| !p.id.is_empty()) {
            let v: Value = http
                .get(format!("{base}/api/games/{}", p.id))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let stored: Vec<String> = v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            if stored != p.moves {
                lost_or_duplicated.push(format!(
                    "game {}: played {:?}, server has {:?}",
                    p.id, p.moves, stored
                ));
            }
            if let Some(db) = &db {
                let mut stmt = db
                    .prepare_cached("SELECT ply, label FROM moves WHERE game_id = ?1 ORDER BY ply")
                    .unwrap();
                let rows: Vec<(u32, String)> = stmt
                    .query_map([&p.id], |r| Ok((r.get(0)?, r.get(1)?)))
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap();
                let plies_ok = rows
                    .iter()
                    .enumerate()
                    .all(|(i, (ply, _))| *ply as usize == i + 1);
                let labels: Vec<String> = rows.into_iter().map(|(_, l)| l).collect();
                if !plies_ok || labels != p.moves {
                    lost_or_duplicated.push(format!(
                        "game {}: played {:?}, database has {:?}",
                        p.id, p.moves, labels
                    ));
                }
            }
        }
    });

    let mut latencies: Vec<Duration> = results
        .iter()
        .flat_map(|p| p.latencies.iter().copied())
        .collect();
    latencies.sort();
    let moves = latencies.len();
    let errors: Vec<&String> = results.iter().flat_map(|p| p.errors.iter()).collect();
    let finished = results.iter().filter(|p| !p.id.is_empty()).count();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "games: {finished} created and played, {moves} moves in {:.2} s",
        elapsed.as_secs_f64()
    );
    println!(
        "throughput: {:.0} moves/s",
        moves as f64 / elapsed.as_secs_f64()
    );
    println!(
        "move latency: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        ms(percentile(&latencies, 50.0)),
        ms(percentile(&latencies, 90.0)),
        ms(percentile(&latencies, 99.0)),
        ms(latencies.last().copied().unwrap_or_default())
    );
    println!("errors: {}", errors.len());
    for e in errors.iter().take(5) {
        println!("  {e}");
    }
    println!(
        "check: {}",
        if lost_or_duplicated.is_empty() {
            "every game's stored moves are exactly the moves its clients played".to_string()
        } else {
            format!("{} games differ", lost_or_duplicated.len())
        }
    );
    for e in lost_or_duplicated.iter().take(5) {
        println!("  {e}");
    }
    drop(server_runtime);
    if o.url.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    if !errors.is_empty() || !lost_or_duplicated.is_empty() {
        std::process::exit(1);
    }
    Ok(())
}
