//! Durability: the server, as a child process (this test binary run as the
//! server, see [`server_process_for_kill9`]), is
//! killed with SIGKILL while games are being played, restarted on the same
//! data directory, and every game and every acknowledged move is there.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use common::{Client, TempDir};
use serde_json::{Value, json};

/// The environment variable that turns this test binary into the server.
const CHILD_DATA: &str = "MANCALA_WEB_KILL9_CHILD_DATA";

/// Not a test: the server process of the test below. The test runs this
/// binary again with only this function selected and [`CHILD_DATA`] set;
/// it then serves as `mancala serve` (and the `serve` example) does, with
/// full-sync commits, until it is killed. (Running the test binary itself
/// guarantees the server is built from the code under test, which the
/// example binary is not under `cargo test --all-targets`.)
#[test]
fn server_process_for_kill9() {
    let Some(data) = std::env::var_os(CHILD_DATA) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let mut config = mancala_web::Config::new(PathBuf::from(data));
        config.ai_move_ms = 30;
        let state = mancala_web::AppState::open(config).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        mancala_web::serve_on(listener, state).await.unwrap();
    });
}

struct Served {
    child: Child,
    base: String,
}

fn start(data: &std::path::Path) -> Served {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "kill9::server_process_for_kill9",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_DATA, data)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server process starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let base = loop {
        line.clear();
        assert!(
            out.read_line(&mut line).unwrap() > 0,
            "the server process ended before listening"
        );
        // libtest prints "test NAME ... " first, on the same line.
        if let Some(at) = line.find("listening on ") {
            break line[at + "listening on ".len()..].trim().to_string();
        }
    };
    // Keep reading (and dropping) what it prints, so it never blocks on a full pipe.
    std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
    Served { child, base }
}

impl Served {
    fn kill9(mut self) {
        // Child::kill sends SIGKILL on Unix: no chance to flush or clean up.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_and_move_survives_kill_9() {
    let dir = TempDir::new("kill9");
    let server = start(dir.path());
    let c = Client::new(&server.base);

    // Games of every kind: finished, unfinished, resigned, joined, undone,
    // imported, against the machine.
    let mut ids = Vec::new();
    let (finished, t, _) = c.create("modiar", "local", "south").await;
    for mv in "A c B b A b C b C a A b C".split(' ') {
        assert_eq!(c.play(&finished, t.as_deref().unwrap(), mv).await.0, 200);
    }
    ids.push(finished);
    let created = c.create_full("tihbat", "remote", "south").await;
    let remote = created["id"].as_str().unwrap().to_string();
    let s = created["tokens"]["south"].as_str().map(str::to_string);
    let (_, joined) = c
        .post(
            &format!("/api/games/{remote}/join"),
            json!({"invite": created["invite"]}),
        )
        .await;
    let n = joined["token"].as_str().unwrap().to_string();
    assert_eq!(c.play(&remote, s.as_deref().unwrap(), "A").await.0, 200);
    assert_eq!(c.play(&remote, &n, "b").await.0, 200);
    ids.push(remote);
    let (resigned, none, n) = c.create("sadeqa-ii", "remote", "north").await;
    assert!(none.is_none());
    assert_eq!(
        c.post(
            &format!("/api/games/{resigned}/resign"),
            json!({"token": n})
        )
        .await
        .0,
        200
    );
    ids.push(resigned);
    let (ai, s, _) = c.create("modiar", "ai:1", "south").await;
    let s = s.unwrap();
    assert_eq!(c.play(&ai, &s, "B").await.0, 200);
    let v = c.settled(&ai).await;
    let mv = v["legal"][0].as_str().unwrap().to_string();
    assert_eq!(c.play(&ai, &s, &mv).await.0, 200);
    c.settled(&ai).await;
    assert_eq!(
        c.post(&format!("/api/games/{ai}/undo"), json!({"token": s}))
            .await
            .0,
        200
    );
    c.settled(&ai).await;
    ids.push(ai);
    let (_, imported) = c
        .post_raw("/api/games/import", "game: oware\nmoves: A a B b C c\n")
        .await;
    ids.push(imported["id"].as_str().unwrap().to_string());

    // Games being played while the server is killed: every move the server
    // acknowledged must be there after the restart.
    let stop = Arc::new(AtomicBool::new(false));
    let progress: Arc<Vec<AtomicUsize>> = Arc::new((0..6).map(|_| AtomicUsize::new(0)).collect());
    let mut players = Vec::new();
    for slot in 0..6 {
        let (id, token, _) = c.create("oware", "local", "south").await;
        let token = token.unwrap();
        let c = c.clone();
        let stop = stop.clone();
        let progress = progress.clone();
        players.push(tokio::spawn(async move {
            let mut acked: Vec<String> = Vec::new();
            let mut legal = vec![
                "A".to_string(),
                "B".into(),
                "C".into(),
                "D".into(),
                "E".into(),
                "F".into(),
            ];
            let http = reqwest::Client::builder()
                .timeout(Duration::from_secs(5))
                .build()
                .unwrap();
            while !stop.load(Ordering::Relaxed) && !legal.is_empty() {
                let mv = legal[acked.len() % legal.len()].clone();
                let body = json!({"token": token, "move": mv, "ply": acked.len()});
                let Ok(r) = http
                    .post(format!("{}/api/games/{id}/moves", c.base))
                    .json(&body)
                    .send()
                    .await
                else {
                    break;
                };
                if r.status() != 200 {
                    break;
                }
                let Ok(v) = r.json::<Value>().await else {
                    break;
                };
                acked.push(mv);
                progress[slot].store(acked.len(), Ordering::Relaxed);
                legal = v["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect();
            }
            (id, token, acked)
        }));
    }
    // Kill once every game has a few moves stored (and more on the way).
    let waiting = std::time::Instant::now();
    while progress.iter().any(|p| p.load(Ordering::Relaxed) < 3)
        && waiting.elapsed() < Duration::from_secs(20)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Snapshot the quiet games, then kill the server in the middle of the moves.
    let mut before = Vec::new();
    for id in &ids {
        let (status, v) = c.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200);
        assert_eq!(v["thinking"], false);
        before.push(v);
    }
    server.kill9();
    stop.store(true, Ordering::Relaxed);
    let mut busy = Vec::new();
    for p in players {
        busy.push(p.await.unwrap());
    }
    assert!(
        busy.iter().all(|(_, _, acked)| acked.len() >= 3),
        "the games were being played: {busy:?}"
    );

    let server = start(dir.path());
    let c = Client::new(&server.base);
    for (id, v) in ids.iter().zip(&before) {
        let (status, after) = c.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{after}");
        assert_eq!(&after, v, "game {id} changed across kill -9");
    }
    for (id, _, acked) in &busy {
        let (status, after) = c.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200);
        let stored: Vec<String> = after["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        // Every acknowledged move is stored; at most one more (sent, stored,
        // not yet acknowledged when the server died).
        assert!(
            stored.starts_with(acked),
            "game {id}: acknowledged {acked:?}, stored {stored:?}"
        );
        assert!(
            stored.len() <= acked.len() + 1,
            "game {id}: acknowledged {acked:?}, stored {stored:?}"
        );
    }
    // Listed: the finished games (public) and those the busy players' tokens hold.
    let tokens: Vec<&str> = busy.iter().map(|(_, token, _)| token.as_str()).collect();
    let list = c.list_mine("?limit=100", &tokens).await;
    let finished = before.iter().filter(|v| v["over"] == true).count();
    let busy_over = busy
        .iter()
        .filter(|(id, _, _)| before.iter().all(|v| v["id"] != id.as_str()))
        .count();
    assert_eq!(list["total"], (finished + busy_over) as u64, "{list}");
    // And the restarted server plays on, with the seat tokens of before.
    for (id, token, _) in &busy {
        let (_, v) = c.get(&format!("/api/games/{id}")).await;
        if let Some(mv) = v["legal"][0].as_str() {
            let (status, body) = c.play(id, token, mv).await;
            assert_eq!(status, 200, "{body}");
        }
    }
    server.kill9();
}
