//! Helpers shared by the integration tests: a server on 127.0.0.1:0 with
//! its data in a temporary directory, and a small JSON client.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

/// A temporary directory, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "mancala-web-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server running in this process.
pub struct Server {
    pub base: String,
    pub state: mancala_web::AppState,
    pub dir: TempDir,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Starts a server with machine moves of `ai_ms` milliseconds.
    pub async fn start(ai_ms: u64) -> Server {
        Server::start_in(TempDir::new("api"), ai_ms).await
    }

    pub async fn start_in(dir: TempDir, ai_ms: u64) -> Server {
        Server::start_with(dir, ai_ms, |_| {}).await
    }

    /// Starts a server as `mancala serve` does (connection limits, header
    /// timeouts, client addresses), with settings changed by `adjust`.
    /// Tests run many requests from one address: new games are not
    /// rate-limited unless `adjust` says so.
    pub async fn start_with(
        dir: TempDir,
        ai_ms: u64,
        adjust: impl FnOnce(&mut mancala_web::Config),
    ) -> Server {
        let mut config = mancala_web::Config::new(dir.path());
        config.ai_move_ms = ai_ms;
        config.hint_ms = 100;
        config.synchronous_full = false;
        config.limits.create_burst = 100_000;
        adjust(&mut config);
        let state =
            mancala_web::AppState::open(config).expect("the server opens its data directory");
        // The timed levels would build Oware's endgame bounds (minutes) in
        // the background on first use.
        mancala_solver::data::set_background_builds(false);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let serving = state.clone();
        let task = tokio::spawn(async move {
            mancala_web::serve_until(listener, serving, std::future::pending())
                .await
                .unwrap();
        });
        Server {
            base,
            state,
            dir,
            task,
        }
    }

    /// Stops serving and gives back the data directory.
    pub async fn stop(self) -> TempDir {
        self.task.abort();
        let _ = self.task.await;
        self.dir
    }
}

/// A JSON client that answers (status, body) and never panics on a status.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    http: reqwest::Client,
}

impl Client {
    pub fn new(base: &str) -> Client {
        Client {
            base: base.to_string(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap(),
        }
    }

    /// A client whose connections come from `ip` (another loopback
    /// address: another client for the server's limits).
    pub fn from_address(base: &str, ip: [u8; 4]) -> Client {
        Client {
            base: base.to_string(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .local_address(std::net::IpAddr::from(ip))
                .build()
                .unwrap(),
        }
    }

    /// Lists games as the holder of `tokens` (sent in `X-Seat-Tokens`).
    pub async fn list_mine(&self, query: &str, tokens: &[&str]) -> Value {
        let r = self
            .http
            .get(format!("{}/api/games{query}", self.base))
            .header("x-seat-tokens", tokens.join(" "))
            .send()
            .await
            .expect("the server answers");
        let (status, body) = decode(r).await;
        assert_eq!(status, 200, "{body}");
        body
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("the server answers");
        decode(r).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .expect("the server answers");
        decode(r).await
    }

    pub async fn post_raw(&self, path: &str, body: impl Into<reqwest::Body>) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("the server answers");
        decode(r).await
    }

    /// Creates a game; answers the whole answer (id, tokens, invite, game).
    pub async fn create_full(&self, game: &str, opponent: &str, side: &str) -> Value {
        let (status, body) = self
            .post(
                "/api/games",
                json!({"game": game, "opponent": opponent, "side": side}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        body
    }

    pub async fn get_text(&self, path: &str) -> (u16, String) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("the server answers");
        (r.status().as_u16(), r.text().await.unwrap())
    }

    /// Creates a game; answers (id, south token, north token).
    pub async fn create(
        &self,
        game: &str,
        opponent: &str,
        side: &str,
    ) -> (String, Option<String>, Option<String>) {
        let (status, body) = self
            .post(
                "/api/games",
                json!({"game": game, "opponent": opponent, "side": side}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
        let token = |s: &str| body["tokens"][s].as_str().map(str::to_string);
        (
            body["id"].as_str().unwrap().to_string(),
            token("south"),
            token("north"),
        )
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str) -> (u16, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await
    }

    /// Waits until the machine has moved (`thinking` false).
    pub async fn settled(&self, id: &str) -> Value {
        for _ in 0..600 {
            let (status, v) = self.get(&format!("/api/games/{id}")).await;
            assert_eq!(status, 200, "{v}");
            if !v["thinking"].as_bool().unwrap() {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the machine never moved in game {id}");
    }
}

async fn decode(r: reqwest::Response) -> (u16, Value) {
    let status = r.status().as_u16();
    let ct = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let text = r.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!("status {status}: the body is not JSON ({e}; content-type {ct:?}): {text:?}")
    });
    (status, value)
}
