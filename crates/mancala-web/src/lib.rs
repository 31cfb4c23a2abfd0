//! # mancala-web: play mancala in a browser
//!
//! This crate is the web server. It serves one page (HTML, CSS and
//! JavaScript compiled into the binary, nothing to build) where a person
//! chooses a game, an opponent (someone on the same device, someone
//! elsewhere through a shared link, or the machine at levels `ai:1` to
//! `ai:9`) and a side, and plays on an SVG board. Behind the page is a JSON
//! API (documented in `docs/api.md`): games are created, moved, undone,
//! resigned, exported and imported over HTTP, and watched live over a
//! WebSocket. The rules are `mancala-core`'s; the machine players are
//! `mancala-ai`'s, reached through the [`Advisor`] trait.
//!
//! Every game and move is written to SQLite (`mancala.sqlite3` in the data
//! directory, WAL mode) and committed before the server answers, so a server
//! killed at any moment comes back with every game as it was: a game's state
//! is rebuilt by replaying its stored moves ([`store`]).
//!
//! The pieces: [`hub`] holds the games being played and applies every
//! operation; [`store`] writes and reads the database; [`view`] is the JSON
//! the API answers (a move's animation is the core's sowing trace,
//! `Rules::play_traced`, turned into steps: the page never re-derives a
//! sowing); [`record`] reads and writes game records; [`ai`] wraps
//! the machine players; the routes live in a private `api` module.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! // What `mancala serve` does:
//! mancala_web::serve("127.0.0.1:8080".parse()?, "mancala-data".into()).await
//! # }
//! ```
//!
//! Or, to put the routes in a server of one's own:
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let state = mancala_web::AppState::open(mancala_web::Config::new("mancala-data"))?;
//! let app: axum::Router = mancala_web::router(state);
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
//! axum::serve(listener, app).await?;
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

pub mod ai;
mod api;
pub mod error;
pub mod framing;
pub mod hub;
pub mod l10n;
pub mod limits;
pub mod pages;
pub mod queue;
pub mod record;
pub mod request;
pub mod secret;
pub mod store;
pub mod view;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use ai::{Advisor, Hint, MancalaAi};
pub use api::MAX_BODY;
pub use error::ApiError;
pub use hub::{Config, Hub};
pub use limits::Limits;
pub use request::{CreateRequest, MoveList, PlayRequest};

/// The server's shared state: the [`Hub`] of games. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    hub: Arc<Hub>,
}

impl AppState {
    /// Opens the data directory (creating it and the database on first
    /// start) with the `mancala-ai` players, and perfect play for the games
    /// whose solved database (`<id>.mdb`) is in the data directory or where
    /// `mancala-solver` installs them.
    pub fn open(config: Config) -> anyhow::Result<AppState> {
        let advisor = MancalaAi::with_database_dirs(vec![config.data_dir.clone()]);
        AppState::with_advisor(config, Arc::new(advisor))
    }

    /// As [`AppState::open`], with other machine players.
    pub fn with_advisor(config: Config, advisor: Arc<dyn Advisor>) -> anyhow::Result<AppState> {
        Ok(AppState {
            hub: Arc::new(Hub::open(config, advisor)?),
        })
    }

    /// The hub of games.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }
}

/// The page, the API and the WebSocket as one router.
pub fn router(state: AppState) -> axum::Router {
    api::routes(state.hub)
}

/// Serves on `addr` with the data in `data_dir` (created if missing) until
/// Ctrl-C. Prints `listening on http://ADDR` (the address actually bound,
/// so port 0 picks a free port) on standard output once ready.
pub async fn serve(addr: SocketAddr, data_dir: PathBuf) -> anyhow::Result<()> {
    // The data the timed levels read (Oware's endgame bounds, the small
    // games' databases) is looked for and built here on first use.
    mancala_solver::data::set_default_dir(&data_dir);
    report_data_builds();
    let state = AppState::open(Config::new(data_dir))?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
    serve_on(listener, state).await
}

/// Logs on stderr how the background builds of the timed levels' data go
/// (a line when one starts, at every tenth, and at its end), from a thread
/// of its own that looks every two seconds.
fn report_data_builds() {
    let _ = std::thread::Builder::new()
        .name("data builds".to_string())
        .spawn(|| {
            let mut reporter = mancala_solver::data::Reporter::new();
            loop {
                for line in reporter.lines() {
                    eprintln!("mancala-web: {line}");
                }
                std::thread::sleep(std::time::Duration::from_secs(2));
            }
        });
}

/// Serves `state` on a bound listener until Ctrl-C, printing
/// `listening on http://ADDR` first.
pub async fn serve_on(listener: tokio::net::TcpListener, state: AppState) -> anyhow::Result<()> {
    use std::io::Write as _;
    let addr = listener.local_addr()?;
    println!("listening on http://{addr}");
    let _ = std::io::stdout().flush();
    serve_until(listener, state, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await
}

/// Serves `state` on a bound listener until `shutdown` completes, within
/// the [`Limits`] of its configuration: connections counted by client and
/// in all (more are closed at once), and a request's headers given
/// [`Limits::header_timeout`] to arrive (a client that sends them slowly is
/// cut off). Each request knows its client's address
/// ([`limits::Client`]).
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    use axum::extract::ConnectInfo;
    use tower::ServiceExt as _;

    let limits = state.hub.config().limits.clone();
    let app = router(state);
    let connections = limits::Counter::default();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait, then go on.
                    eprintln!("mancala-web: accept: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => return Ok(()),
        };
        let client = limits::Client::of(&addr);
        let Some(held) = connections.try_hold(
            &client.0,
            limits.connections_per_client,
            limits.connections_total,
        ) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = app.clone().map_request(
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(addr));
                request
            },
        );
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(limits.header_timeout);
        tokio::spawn(async move {
            let _held = held;
            let connection = http
                .serve_connection(
                    hyper_util::rt::TokioIo::new(framing::JsonErrors::new(stream)),
                    hyper_util::service::TowerToHyperService::new(service),
                )
                .with_upgrades();
            let _ = connection.await;
        });
    }
}
