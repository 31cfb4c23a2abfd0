//! Soak run: games played and watched for a while on 127.0.0.1, with the
//! server's default limits, in a server process of its own whose memory is
//! sampled every 100 ms.
//!
//! ```text
//! cargo run --release -p mancala-web --example soak -- [--games 200] [--watchers 1000]
//!     [--seconds 60] [--think-ms 100] [--game oware]
//! ```
//!
//! `--games` remote games are kept going (two players each, random legal
//! moves, each player thinking `--think-ms` before a move; a game that ends
//! is followed by a new one), and `--watchers` WebSocket watchers follow
//! them (a watcher moves on to the next game of its table when one ends).
//! The clients are spread over the loopback addresses 127.0.0.2 and up, at
//! most 25 watchers and 4 tables an address, as many people would be. At
//! the end it prints moves per second, the moves' p50/p99/max latency, the
//! live events received, the errors (any answer other than success, any
//! socket closed by the server) and the server's peak memory (VmHWM) with
//! its memory at the start and at the end; it exits 1 on any error.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tokio::sync::watch;

const SERVER_ENV: &str = "MANCALA_SOAK_SERVER_DIR";

struct Options {
    games: usize,
    watchers: usize,
    seconds: u64,
    think_ms: u64,
    game: String,
}

fn options() -> anyhow::Result<Options> {
    let mut o = Options {
        games: 200,
        watchers: 1000,
        seconds: 60,
        think_ms: 100,
        game: "oware".into(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| anyhow::anyhow!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--games" => o.games = value()?.parse()?,
            "--watchers" => o.watchers = value()?.parse()?,
            "--seconds" => o.seconds = value()?.parse()?,
            "--think-ms" => o.think_ms = value()?.parse()?,
            "--game" => o.game = value()?,
            "--bench" => {}
            other => anyhow::bail!("unknown argument {other:?}"),
        }
    }
    anyhow::ensure!((1..=2000).contains(&o.games), "--games must be 1..=2000");
    anyhow::ensure!(o.watchers <= 5000, "--watchers must be at most 5000");
    anyhow::ensure!((1..=600).contains(&o.seconds), "--seconds must be 1..=600");
    anyhow::ensure!(o.think_ms <= 10_000, "--think-ms must be at most 10000");
    Ok(o)
}

/// The server process: serves the data directory on 127.0.0.1 with the
/// default settings.
fn run_server(dir: &str) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let state = mancala_web::AppState::open(mancala_web::Config::new(dir))?;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        mancala_web::serve_on(listener, state).await
    })
}

#[derive(Default)]
struct Tally {
    moves: AtomicU64,
    games: AtomicU64,
    events: AtomicU64,
    errors: AtomicU64,
    latencies: std::sync::Mutex<Vec<Duration>>,
    first_errors: std::sync::Mutex<Vec<String>>,
}

impl Tally {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut first = self.first_errors.lock().unwrap();
        if first.len() < 8 {
            first.push(what);
        }
    }
}

fn client_for(address: usize) -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .local_address(std::net::IpAddr::from([
            127,
            0,
            (2 + address / 250) as u8,
            (2 + address % 250) as u8,
        ]))
        .build()
        .expect("a client")
}

async fn post(http: &reqwest::Client, url: String, body: Value) -> Result<Value, String> {
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

/// One table: games played one after another until the time is up; the
/// current game's id is published for the watchers.
async fn table(
    http: reqwest::Client,
    base: String,
    o: Arc<Options>,
    seed: u64,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
    current: watch::Sender<String>,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    while !stop.load(Ordering::Relaxed) {
        let created = match post(
            &http,
            format!("{base}/api/games"),
            json!({"game": o.game, "opponent": "remote", "side": "south"}),
        )
        .await
        {
            Ok(v) => v,
            Err(e) => return tally.error(format!("create: {e}")),
        };
        let id = created["id"].as_str().unwrap_or_default().to_string();
        let south = created["tokens"]["south"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let joined = match post(
            &http,
            format!("{base}/api/games/{id}/join"),
            json!({"invite": created["invite"]}),
        )
        .await
        {
            Ok(v) => v,
            Err(e) => return tally.error(format!("join: {e}")),
        };
        let north = joined["token"].as_str().unwrap_or_default().to_string();
        tally.games.fetch_add(1, Ordering::Relaxed);
        let _ = current.send(id.clone());
        // The state after the join (its version is the one a move must name).
        let mut state = joined["game"].clone();
        while !stop.load(Ordering::Relaxed) && state["over"] == false {
            tokio::time::sleep(Duration::from_millis(
                rng.random_range(o.think_ms / 2..=o.think_ms * 3 / 2 + 1),
            ))
            .await;
            let legal = state["legal"].as_array().cloned().unwrap_or_default();
            let Some(mv) = legal
                .get(rng.random_range(0..legal.len().max(1)))
                .and_then(Value::as_str)
            else {
                break;
            };
            let token = if state["to_move"] == "south" {
                &south
            } else {
                &north
            };
            let started = Instant::now();
            match post(
                &http,
                format!("{base}/api/games/{id}/moves"),
                json!({"token": token, "move": mv, "version": state["version"]}),
            )
            .await
            {
                Ok(v) => {
                    tally.latencies.lock().unwrap().push(started.elapsed());
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    state = v;
                }
                Err(e) => return tally.error(format!("move in {id}: {e}")),
            }
        }
    }
}

/// One watcher: follows its table's games over WebSocket.
async fn watcher(
    address: usize,
    base: String,
    mut current: watch::Receiver<String>,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
) {
    let ws_base = base.replace("http://", "ws://");
    while !stop.load(Ordering::Relaxed) {
        let id = current.borrow_and_update().clone();
        if id.is_empty() {
            if current.changed().await.is_err() {
                return;
            }
            continue;
        }
        let url = format!("{ws_base}/api/games/{id}/live");
        let socket = async {
            let ip = std::net::IpAddr::from([
                127,
                0,
                (2 + address / 250) as u8,
                (2 + address % 250) as u8,
            ]);
            let tcp = tokio::net::TcpSocket::new_v4()?;
            tcp.bind(std::net::SocketAddr::new(ip, 0))?;
            let stream = tcp
                .connect(
                    base.trim_start_matches("http://")
                        .parse()
                        .expect("an address"),
                )
                .await?;
            tokio_tungstenite::client_async(url.as_str(), stream)
                .await
                .map_err(std::io::Error::other)
        };
        let mut ws = match socket.await {
            Ok((ws, _)) => ws,
            Err(e) => return tally.error(format!("watch {id}: {e}")),
        };
        loop {
            tokio::select! {
                message = ws.next() => match message {
                    Some(Ok(_)) => { tally.events.fetch_add(1, Ordering::Relaxed); }
                    None | Some(Err(_)) => {
                        if !stop.load(Ordering::Relaxed) {
                            tally.error(format!("the live connection to {id} was closed"));
                        }
                        return;
                    }
                },
                changed = current.changed() => {
                    if changed.is_err() { return; }
                    break; // the next game of the table
                }
                _ = tokio::time::sleep(Duration::from_millis(200)) => {
                    if stop.load(Ordering::Relaxed) { let _ = ws.close(None).await; return; }
                }
            }
        }
        let _ = ws.close(None).await;
    }
}

fn memory_kib(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> anyhow::Result<()> {
    if let Ok(dir) = std::env::var(SERVER_ENV) {
        return run_server(&dir);
    }
    let o = Arc::new(options()?);
    let dir = std::env::temp_dir().join(format!("mancala-web-soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut server = std::process::Command::new(std::env::current_exe()?)
        .env(SERVER_ENV, &dir)
        .stdout(std::process::Stdio::piped())
        .spawn()?;
    let pid = server.id();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stdout.take().expect("piped")),
        &mut line,
    )?;
    let base = line
        .trim()
        .strip_prefix("listening on ")
        .ok_or_else(|| anyhow::anyhow!("the server said {line:?}"))?
        .to_string();
    let start_kib = memory_kib(pid, "VmRSS:").unwrap_or(0);
    println!(
        "soak: {} {} games, {} watchers, {} s, think {} ms, server {base} (pid {pid}, default limits, full sync)",
        o.games, o.game, o.watchers, o.seconds, o.think_ms
    );

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let (elapsed, peak_rss) = runtime.block_on(async {
        let started = Instant::now();
        let mut tasks = Vec::new();
        let mut tables = Vec::new();
        for i in 0..o.games {
            let (tx, rx) = watch::channel(String::new());
            tables.push(rx);
            let http = client_for(i / 4);
            tasks.push(tokio::spawn(table(
                http,
                base.clone(),
                o.clone(),
                i as u64,
                stop.clone(),
                tally.clone(),
                tx,
            )));
        }
        for w in 0..o.watchers {
            let rx = tables[w % tables.len()].clone();
            tasks.push(tokio::spawn(watcher(
                1000 + w / 25,
                base.clone(),
                rx,
                stop.clone(),
                tally.clone(),
            )));
        }
        let mut peak = 0;
        while started.elapsed() < Duration::from_secs(o.seconds) {
            tokio::time::sleep(Duration::from_millis(100)).await;
            peak = peak.max(memory_kib(pid, "VmRSS:").unwrap_or(0));
        }
        stop.store(true, Ordering::Relaxed);
        let elapsed = started.elapsed();
        for t in tasks {
            let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
        }
        (elapsed, peak)
    });
    let end_kib = memory_kib(pid, "VmRSS:").unwrap_or(0);
    let hwm = memory_kib(pid, "VmHWM:").unwrap_or(peak_rss);
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);

    let mut latencies = tally.latencies.lock().unwrap().clone();
    latencies.sort();
    let at = |p: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let rank = ((p / 100.0) * latencies.len() as f64).ceil() as usize;
        latencies[rank.clamp(1, latencies.len()) - 1].as_secs_f64() * 1000.0
    };
    let moves = tally.moves.load(Ordering::Relaxed);
    println!(
        "moves: {moves} in {:.1} s = {:.0} moves/s; games started: {}; live events received: {}",
        elapsed.as_secs_f64(),
        moves as f64 / elapsed.as_secs_f64(),
        tally.games.load(Ordering::Relaxed),
        tally.events.load(Ordering::Relaxed)
    );
    println!(
        "move latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        at(50.0),
        at(99.0),
        at(100.0)
    );
    println!(
        "server memory: {:.1} MiB at the start, peak {:.1} MiB (VmHWM), {:.1} MiB at the end",
        start_kib as f64 / 1024.0,
        hwm as f64 / 1024.0,
        end_kib as f64 / 1024.0
    );
    let errors = tally.errors.load(Ordering::Relaxed);
    println!("errors: {errors}");
    for e in tally.first_errors.lock().unwrap().iter() {
        println!("  {e}");
    }
    if errors > 0 {
        std::process::exit(1);
    }
    Ok(())
}
