//! The games being played: each game in memory once loaded, its moves
//! checked by the engine, written to the store before they are answered,
//! and announced to everyone watching it.
//!
//! Every operation on a game takes that game's lock, so moves of one game
//! are applied one at a time and in order, while different games proceed in
//! parallel. A machine player's move is chosen on the blocking thread pool
//! (at most as many at once as the machine has cores) without holding the
//! lock; the game's `generation` tells whether the position it was chosen
//! for is still the current one.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use axum::http::StatusCode;
use mancala_core::notation::move_label;
use mancala_core::{Game, Move, ReplayError, Rules, Side, State};
use rand::Rng;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::ai::{Advisor, Hint};
use crate::error::ApiError;
use crate::queue::FairQueue;
use crate::request::{CreateRequest, MoveList, PlayRequest};
use crate::secret::{client_token, new_token, same_hash, secret_hash};
use crate::store::{GameRow, ListRow, Players, Store, Summary, Write};
use crate::view::{GameView, LastMove, RulesInfo, Seats, move_steps};

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where the database lives (created if missing).
    pub data_dir: PathBuf,
    /// Time per move of the `ai:K` opponents, in milliseconds.
    pub ai_move_ms: u64,
    /// Time for a hint, in milliseconds.
    pub hint_ms: u64,
    /// Flush every commit to the disk (survives a power cut), not only to
    /// the operating system (survives the server's death).
    pub synchronous_full: bool,
    /// Bounds on what clients may use.
    pub limits: crate::limits::Limits,
}

impl Config {
    /// The defaults: 1 s a machine move, 0.7 s a hint, full sync, the
    /// default [`Limits`](crate::limits::Limits).
    pub fn new(data_dir: impl Into<PathBuf>) -> Config {
        Config {
            data_dir: data_dir.into(),
            ai_move_ms: 1000,
            hint_ms: 700,
            synchronous_full: true,
            limits: crate::limits::Limits::default(),
        }
    }
}

/// What creating (or importing) a game answers.
#[derive(Clone, Debug, Serialize)]
pub struct Created {
    /// The new game's id.
    pub id: String,
    /// The seat tokens given to the creator: both in a `local` game (the
    /// same token), the creator's seat only otherwise.
    pub tokens: SeatTokens,
    /// A `remote` game's invitation secret: the other person needs it to
    /// take the free seat (the page puts it in the link).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// The game.
    pub game: GameView,
}

/// Seat tokens, by side.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatTokens {
    /// South's token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub south: Option<String>,
    /// North's token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub north: Option<String>,
}

/// What joining a game answers.
#[derive(Clone, Debug, Serialize)]
pub struct Joined {
    /// The seat taken: `south` or `north`.
    pub side: String,
    /// Its token.
    pub token: String,
    /// The game.
    pub game: GameView,
}

/// A game's record, for export.
#[derive(Clone, Debug, Serialize)]
pub struct Record {
    /// The game's id on this server.
    pub id: String,
    /// The rules' id.
    pub game: String,
    /// The moves' labels.
    pub moves: Vec<String>,
    /// The labels separated by spaces.
    pub record: String,
    /// The record as text: `game: ID\nmoves: A c B b\n` (what import reads).
    pub text: String,
    /// The result, once over, e.g. `South wins 24-18 (...)`.
    pub result: Option<String>,
}

/// A position of a game's replay.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayStep {
    /// The state after `ply` moves.
    #[serde(flatten)]
    pub state: State,
    /// The move that led here (none at ply 0), with its sowing.
    pub last: Option<LastMove>,
}

/// A game in memory.
pub struct LiveGame {
    id: String,
    data: tokio::sync::Mutex<GameData>,
    events: broadcast::Sender<Utf8Bytes>,
}

struct GameData {
    rules_id: String,
    mode: String,
    players: [String; 2],
    /// The seat tokens' hashes.
    tokens: [Option<String>; 2],
    /// The invitation secret's hash (`remote` games).
    invite: Option<String>,
    /// Who asked for the last change: the machine's reply to it waits in
    /// that client's turn.
    client: String,
    created: i64,
    updated: i64,
    resigned: Option<Side>,
    game: Game,
    last: Option<LastMove>,
    /// Bumped by every change.
    generation: u64,
    /// The generation a machine move is being chosen for.
    thinking: Option<u64>,
}

impl GameData {
    /// The time of a change: now, but always after the last change, so that
    /// `updated` orders a game's states.
    fn next_stamp(&self) -> i64 {
        now_ms().max(self.updated + 1)
    }

    fn over(&self) -> bool {
        self.resigned.is_some() || self.game.is_over()
    }

    fn summary(&self) -> Summary {
        let state = self.state();
        Summary {
            ply: state.ply,
            status: if state.over { "over" } else { "playing" },
            winner: state.winner,
        }
    }

    /// The spec's state, with a resignation ending the game.
    fn state(&self) -> State {
        let mut state = State::of(&self.game);
        if let Some(side) = self.resigned {
            state.over = true;
            state.legal.clear();
            state.winner = Some(side.opponent().as_str().to_string());
            state.score = None;
            state.reason = Some(format!("{} resigned", side.title()));
        }
        state
    }

    fn view(&self, id: &str) -> GameView {
        let to_move = self.game.position().to_move();
        GameView {
            id: id.to_string(),
            name: self.game.rules().title(),
            state: self.state(),
            mode: self.mode.clone(),
            players: Players {
                south: self.players[0].clone(),
                north: self.players[1].clone(),
            },
            seats: Seats {
                south: self.tokens[0].is_some() || self.players[0] != "human",
                north: self.tokens[1].is_some() || self.players[1] != "human",
            },
            moves: self
                .game
                .moves()
                .iter()
                .map(|&m| move_label(self.game.rules(), m))
                .collect(),
            record: self.game.record(),
            resigned: self.resigned.map(|s| s.as_str().to_string()),
            reason_code: if self.resigned.is_some() {
                Some("resigned")
            } else {
                self.game
                    .outcome()
                    .map(|o| crate::view::reason_code(o.reason))
            },
            thinking: self.thinking == Some(self.generation)
                && is_machine(&self.players[to_move.index()])
                && !self.over(),
            last: self.last.clone(),
            created: self.created,
            updated: self.updated,
            version: self.updated,
            layout: crate::view::BoardLayout::of(self.game.rules()),
        }
    }

    /// The sides `token` holds a seat for.
    fn seats_of(&self, token: Option<&str>, action: &str) -> Result<Vec<Side>, ApiError> {
        let token = token
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ApiError::missing_token(action))?;
        let hash = secret_hash(token);
        let sides: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| {
                self.tokens[s.index()]
                    .as_deref()
                    .is_some_and(|held| same_hash(held, &hash))
            })
            .collect();
        if sides.is_empty() {
            Err(ApiError::bad_token())
        } else {
            Ok(sides)
        }
    }
}

fn is_machine(player: &str) -> bool {
    player.starts_with("ai:") || player == "perfect"
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A new game id: 10 characters from an alphabet without look-alikes.
fn new_id() -> String {
    const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
    let mut rng = rand::rng();
    (0..10)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// Runs a change of a game on its own task, so that it goes on to the end
/// (stored, applied in memory, told to the watchers, the machine's reply
/// started) even when the client that asked goes away half-way.
async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = Result<T, ApiError>> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::spawn(work)
        .await
        .map_err(|e| ApiError::internal(format!("the request failed: {e}")))?
}

/// The last move of `game` and how it was sown.
fn last_move(game: &Game) -> Option<LastMove> {
    let &mv = game.moves().last()?;
    let mut before = game.clone();
    before.undo();
    Some(describe_move(&before, mv))
}

/// `mv` played from `before`'s position.
fn describe_move(before: &Game, mv: Move) -> LastMove {
    let rules = before.rules();
    let pos = before.position();
    let board = pos.raw_board()[..rules.holes()].to_vec();
    let (laps, steps) = move_steps(rules, pos, mv).unzip();
    LastMove {
        ply: pos.ply() + 1,
        label: move_label(rules, mv),
        side: pos.to_move().as_str().to_string(),
        laps,
        steps,
        before: board,
    }
}

fn replay_error(e: ReplayError) -> ApiError {
    let mut err = ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
        e.to_string(),
    );
    let (ply, legal) = match &e {
        ReplayError::Notation { ply, legal, .. } => (*ply, legal.clone()),
        ReplayError::Play(mancala_core::PlayError::Illegal { ply, legal, .. }) => {
            (*ply, legal.clone())
        }
        ReplayError::Play(mancala_core::PlayError::GameOver { ply, .. }) => {
            err.code = "game_over";
            err.status = StatusCode::CONFLICT;
            (*ply, Vec::new())
        }
    };
    err.with("ply", ply).with("legal", legal)
}

fn storage_error(e: crate::store::StoreError) -> ApiError {
    eprintln!("mancala-web: {e}");
    ApiError::internal(format!(
        "the move could not be stored ({e}); nothing was changed, try again"
    ))
}

/// The server's state: rules, the store, the games in memory and the
/// machine players.
pub struct Hub {
    config: Config,
    store: Store,
    rules: Vec<Arc<Rules>>,
    catalogue: Vec<RulesInfo>,
    games: Mutex<HashMap<String, Arc<LiveGame>>>,
    advisor: Arc<dyn Advisor>,
    ai_slots: Arc<FairQueue>,
    /// Hints asked for and not yet answered.
    hints: Arc<std::sync::atomic::AtomicUsize>,
    sockets: crate::limits::Counter,
    creates: crate::limits::RateLimit,
}

impl Hub {
    /// Opens the store in `config.data_dir` and loads the built-in rules.
    pub fn open(config: Config, advisor: Arc<dyn Advisor>) -> anyhow::Result<Hub> {
        let store = Store::open(&config.data_dir, config.synchronous_full)?;
        let mut rules = Vec::new();
        for id in Rules::builtin_ids() {
            rules.push(Arc::new(
                Rules::builtin(id).map_err(|e| anyhow::anyhow!("built-in rules {id}: {e}"))?,
            ));
        }
        let catalogue = rules
            .iter()
            .map(|r| RulesInfo::of(r, advisor.perfect_available(r)))
            .collect();
        let cores = std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2);
        Ok(Hub {
            store,
            rules,
            catalogue,
            games: Mutex::new(HashMap::new()),
            advisor,
            ai_slots: FairQueue::new(cores),
            hints: Arc::default(),
            sockets: crate::limits::Counter::default(),
            creates: crate::limits::RateLimit::new(
                config.limits.create_burst,
                config.limits.create_every,
            ),
            config,
        })
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The live sockets open.
    pub fn sockets(&self) -> &crate::limits::Counter {
        &self.sockets
    }

    /// The rate of new games, by client.
    pub fn creates(&self) -> &crate::limits::RateLimit {
        &self.creates
    }

    /// The games that can be played.
    pub fn catalogue(&self) -> &[RulesInfo] {
        &self.catalogue
    }

    /// The heading of the game `id` (see [`Rules::title`]): its name, with
    /// the board parameters it was created with; `None` for a game this
    /// server does not offer.
    pub fn game_title(&self, id: &str) -> Option<String> {
        self.rules(id).ok().map(|rules| rules.title())
    }

    fn rules(&self, id: &str) -> Result<Arc<Rules>, ApiError> {
        if let Some(rules) = self.rules.iter().find(|r| r.id() == id) {
            return Ok(rules.clone());
        }
        // A game of the catalogue with board parameters of its own
        // (`kalah:holes=4,seeds=3`); the core bounds them.
        if let Some((base, _)) = id.rsplit_once(':')
            && self.rules.iter().any(|r| r.id() == base)
        {
            return Rules::load(id)
                .map(Arc::new)
                .map_err(|e| ApiError::bad_request(e.to_string()));
        }
        Err(ApiError::unknown_rules(
            id,
            &self
                .rules
                .iter()
                .map(|r| r.id().to_string())
                .collect::<Vec<_>>(),
        ))
    }

    /// The game `id`, loaded from the store (and its moves replayed) if it
    /// is not in memory.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<LiveGame>, ApiError> {
        if let Some(live) = self.games.lock().unwrap().get(id) {
            return Ok(live.clone());
        }
        if id.is_empty()
            || id.len() > 64
            || !id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(ApiError::no_such_game(id));
        }
        let hub = self.clone();
        let key = id.to_string();
        let row = tokio::task::spawn_blocking(move || hub.store.load(&key))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| ApiError::internal(e.to_string()))?
            .ok_or_else(|| ApiError::no_such_game(id))?;
        let data = self.rebuild(row.clone())?;
        let live = {
            let mut games = self.games.lock().unwrap();
            evict_idle(&mut games);
            games
                .entry(id.to_string())
                .or_insert_with(|| Arc::new(LiveGame::new(id.to_string(), data)))
                .clone()
        };
        let mut data = live.data.lock().await;
        if self.schedule_ai(&live, &mut data) {
            let _ = live.events.send(event(&data.view(&live.id)));
        }
        drop(data);
        Ok(live)
    }

    fn rebuild(&self, row: GameRow) -> Result<GameData, ApiError> {
        let rules = self.rules(&row.rules)?;
        let mut game = Game::new(rules);
        for label in &row.moves {
            game.play_label(label).map_err(|e| {
                ApiError::internal(format!("stored game {} cannot be replayed: {e}", row.id))
            })?;
        }
        let resigned = match row.resigned.as_deref() {
            Some("south") => Some(Side::South),
            Some("north") => Some(Side::North),
            _ => None,
        };
        Ok(GameData {
            rules_id: row.rules,
            mode: row.mode,
            players: row.players,
            tokens: row.tokens,
            invite: row.invite,
            client: String::new(),
            created: row.created_ms,
            updated: row.updated_ms,
            resigned,
            last: last_move(&game),
            game,
            generation: 0,
            thinking: None,
        })
    }

    /// Creates a game (and plays the moves it is imported with) for
    /// `client` (whose turn the machine's moves wait in).
    pub async fn create(
        self: &Arc<Self>,
        req: CreateRequest,
        client: &str,
    ) -> Result<Created, ApiError> {
        let (hub, client) = (self.clone(), client.to_string());
        detached(async move { hub.create_now(req, &client).await }).await
    }

    async fn create_now(
        self: &Arc<Self>,
        req: CreateRequest,
        client: &str,
    ) -> Result<Created, ApiError> {
        let rules = self.rules(req.game.trim())?;
        let first = rules.spec().board.first_player;
        let opponent = req
            .opponent
            .as_deref()
            .map(str::trim)
            .unwrap_or("local")
            .to_ascii_lowercase();
        let side = match req.side.as_deref().map(str::trim) {
            None | Some("") | Some("first") => first,
            Some("south") => Side::South,
            Some("north") => Side::North,
            Some("second") => first.opponent(),
            Some("random") => {
                if rand::rng().random::<bool>() {
                    Side::South
                } else {
                    Side::North
                }
            }
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "side {other:?}: choose south, north, first, second or random"
                )));
            }
        };
        let token = new_token();
        let token_hash = secret_hash(&token);
        let mut players = ["human".to_string(), "human".to_string()];
        let mut tokens: [Option<String>; 2] = [None, None];
        let mut invite = None;
        let mode = match opponent.as_str() {
            "local" => {
                tokens = [Some(token_hash.clone()), Some(token_hash.clone())];
                "local"
            }
            "remote" | "human" | "link" => {
                tokens[side.index()] = Some(token_hash.clone());
                invite = Some(new_token());
                "remote"
            }
            "perfect" => {
                if !self.advisor.perfect_available(&rules) {
                    let why = match self.advisor.perfect_problem(&rules) {
                        Some(problem) => format!("this server has one, but {problem}"),
                        None => "this server has none".to_string(),
                    };
                    return Err(ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "no_database",
                        format!(
                            "perfect play needs a solved database of {}, and {why}",
                            rules.title()
                        ),
                    ));
                }
                tokens[side.index()] = Some(token_hash.clone());
                players[side.opponent().index()] = "perfect".to_string();
                "ai"
            }
            spec => {
                self.advisor.check(spec).map_err(|e| {
                    ApiError::bad_request(format!(
                        "opponent {spec:?}: {e}. Opponents are local, remote, ai:1 .. ai:9"
                    ))
                })?;
                tokens[side.index()] = Some(token_hash.clone());
                players[side.opponent().index()] = spec.to_string();
                "ai"
            }
        };
        let mut game = Game::new(rules.clone());
        for label in req.moves.as_ref().map(MoveList::labels).unwrap_or_default() {
            game.play_label(&label).map_err(replay_error)?;
        }
        let now = now_ms();
        let data = GameData {
            rules_id: rules.id().to_string(),
            mode: mode.to_string(),
            players,
            tokens,
            invite: invite.as_deref().map(secret_hash),
            client: client.to_string(),
            created: now,
            updated: now,
            resigned: None,
            last: last_move(&game),
            game,
            generation: 0,
            thinking: None,
        };
        let mut id = new_id();
        // A clash of 10 random characters is all but impossible; check anyway.
        for _ in 0..3 {
            let hub = self.clone();
            let key = id.clone();
            let taken = tokio::task::spawn_blocking(move || hub.store.exists(&key))
                .await
                .map_err(|e| ApiError::internal(e.to_string()))?
                .map_err(|e| ApiError::internal(e.to_string()))?;
            if !taken {
                break;
            }
            id = new_id();
        }
        let row = GameRow {
            id: id.clone(),
            rules: data.rules_id.clone(),
            mode: data.mode.clone(),
            players: data.players.clone(),
            tokens: data.tokens.clone(),
            invite: data.invite.clone(),
            created_ms: now,
            updated_ms: now,
            resigned: None,
            moves: data
                .game
                .moves()
                .iter()
                .map(|&m| move_label(data.game.rules(), m))
                .collect(),
        };
        self.store
            .write(Write::Create {
                row,
                summary: data.summary(),
            })
            .await
            .map_err(storage_error)?;
        let live = Arc::new(LiveGame::new(id.clone(), data));
        {
            let mut games = self.games.lock().unwrap();
            evict_idle(&mut games);
            games.insert(id.clone(), live.clone());
        }
        let mut data = live.data.lock().await;
        self.schedule_ai(&live, &mut data);
        let mine = |s: Side| data.tokens[s.index()].is_some().then(|| token.clone());
        let tokens = SeatTokens {
            south: mine(Side::South),
            north: mine(Side::North),
        };
        Ok(Created {
            id,
            tokens,
            invite,
            game: data.view(&live.id),
        })
    }

    /// The game as JSON.
    pub async fn view(self: &Arc<Self>, id: &str) -> Result<GameView, ApiError> {
        let live = self.get(id).await?;
        let data = live.data.lock().await;
        Ok(data.view(&live.id))
    }

    /// Plays `label` for the holder of `token`. With `version`, the move is
    /// refused unless the game is in exactly that state (its `version`), so
    /// a move sent twice, or sent for a position since taken back, is not
    /// played; `ply` is the older, weaker guard (the number of moves).
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        request: PlayRequest,
        client: &str,
    ) -> Result<GameView, ApiError> {
        let (hub, id, client) = (self.clone(), id.to_string(), client.to_string());
        detached(async move { hub.play_now(&id, request, &client).await }).await
    }

    async fn play_now(
        self: &Arc<Self>,
        id: &str,
        request: PlayRequest,
        client: &str,
    ) -> Result<GameView, ApiError> {
        let PlayRequest {
            token,
            label,
            ply,
            version,
        } = request;
        let (token, label) = (token.as_deref(), label.as_str());
        let live = self.get(id).await?;
        let mut data = live.data.lock().await;
        let sides = data.seats_of(token, "playing a move")?;
        let state_ply = data.game.position().ply();
        if let Some(version) = version
            && version != data.updated
        {
            return Err(ApiError::conflict(
                "stale",
                format!("move {label} was sent for an earlier state of the game (version {version}, now {}): reload it", data.updated),
            )
            .with("ply", state_ply)
            .with("version", data.updated));
        }
        if let Some(side) = data.resigned {
            return Err(ApiError::conflict(
                "game_over",
                format!(
                    "move {label} at ply {}: the game is over ({} resigned)",
                    state_ply + 1,
                    side.title()
                ),
            ));
        }
        if let Some(ply) = ply
            && ply != state_ply
        {
            return Err(ApiError::conflict(
                "stale",
                format!(
                    "move {label} was sent for the position after {}, but the game has {} now: reload it",
                    plural(ply, "move"),
                    plural(state_ply, "move")
                ),
            )
            .with("ply", state_ply));
        }
        let to_move = data.game.position().to_move();
        if !data.game.is_over() && !sides.contains(&to_move) {
            return Err(ApiError::conflict(
                "not_your_turn",
                format!(
                    "move {label} at ply {}: it is {}'s turn, and this token is {}'s",
                    state_ply + 1,
                    to_move.title(),
                    sides[0].title()
                ),
            ));
        }
        let mv = mancala_core::notation::parse_move(data.game.rules(), label.trim()).map_err(
            |reason| {
                replay_error(ReplayError::Notation {
                    ply: state_ply + 1,
                    label: label.to_string(),
                    reason,
                    legal: data.state().legal,
                })
            },
        )?;
        data.client = client.to_string();
        self.apply(&live, &mut data, mv).await?;
        Ok(data.view(&live.id))
    }

    /// Plays `mv`: checks it, stores it, then changes the game and tells
    /// everyone watching.
    async fn apply(
        self: &Arc<Self>,
        live: &Arc<LiveGame>,
        data: &mut GameData,
        mv: Move,
    ) -> Result<(), ApiError> {
        let mut next = data.game.clone();
        next.play(mv)
            .map_err(|e| replay_error(ReplayError::Play(e)))?;
        let last = describe_move(&data.game, mv);
        let now = data.next_stamp();
        let old = std::mem::replace(&mut data.game, next);
        let write = Write::Append {
            id: live.id.clone(),
            ply: data.game.position().ply(),
            label: last.label.clone(),
            ms: now,
            summary: data.summary(),
        };
        if let Err(e) = self.store.write(write).await {
            data.game = old;
            return Err(storage_error(e));
        }
        data.last = Some(last);
        data.updated = now;
        self.changed(live, data);
        Ok(())
    }

    /// After a change: bump the generation, tell the watchers, and let a
    /// machine move if it is its turn.
    fn changed(self: &Arc<Self>, live: &Arc<LiveGame>, data: &mut GameData) {
        data.generation += 1;
        self.schedule_ai(live, data);
        let _ = live.events.send(event(&data.view(&live.id)));
    }

    /// Starts choosing a machine move if it is a machine's turn; says
    /// whether it did.
    fn schedule_ai(self: &Arc<Self>, live: &Arc<LiveGame>, data: &mut GameData) -> bool {
        if data.over() || data.thinking == Some(data.generation) {
            return false;
        }
        let side = data.game.position().to_move();
        let spec = data.players[side.index()].clone();
        if !is_machine(&spec) {
            return false;
        }
        let generation = data.generation;
        data.thinking = Some(generation);
        let game = data.game.clone();
        let hub = self.clone();
        let live = live.clone();
        tokio::spawn(async move { hub.machine_move(live, generation, game, spec).await });
        true
    }

    async fn machine_move(
        self: Arc<Self>,
        live: Arc<LiveGame>,
        generation: u64,
        game: Game,
        spec: String,
    ) {
        let time_ms = self.config.ai_move_ms;
        let seed = {
            let mut h: u64 = 0xcbf2_9ce4_8422_2325;
            for b in live.id.bytes() {
                h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
            h ^ game.position().ply() as u64
        };
        let fallback = game.legal_moves().iter().next();
        let client = live.data.lock().await.client.clone();
        // The weakest levels answer at once: they never wait behind searches.
        let light = matches!(spec.as_str(), "ai:1" | "ai:2" | "ai:3");
        let slot = if light {
            None
        } else {
            let wait = self.config.limits.machine_wait;
            match tokio::time::timeout(wait, self.ai_slots.acquire(&client)).await {
                Ok(slot) => Some(slot),
                Err(_) => {
                    eprintln!(
                        "mancala-web: game {}: no slot for the machine after {wait:?}; it plays a quick move",
                        live.id
                    );
                    None
                }
            }
        };
        // Without a slot (the queue was full for too long), a quick search.
        let time_ms = if light || slot.is_some() {
            time_ms
        } else {
            time_ms.min(20)
        };
        let advisor = self.advisor.clone();
        let task = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            advisor.choose(&game, &spec, seed, time_ms)
        });
        let chosen =
            match tokio::time::timeout(Duration::from_millis(time_ms * 2 + 2000), task).await {
                Ok(Ok(mv)) => Some(mv),
                Ok(Err(e)) => {
                    eprintln!(
                        "mancala-web: game {}: the machine player failed: {e}",
                        live.id
                    );
                    fallback
                }
                Err(_) => {
                    eprintln!(
                        "mancala-web: game {}: the machine player ran out of time",
                        live.id
                    );
                    fallback
                }
            };
        let mut data = live.data.lock().await;
        if data.thinking != Some(generation) {
            return;
        }
        data.thinking = None;
        if data.generation != generation || data.over() {
            if self.schedule_ai(&live, &mut data) {
                let _ = live.events.send(event(&data.view(&live.id)));
            }
            return;
        }
        if let Some(mv) = chosen
            && let Err(e) = self.apply(&live, &mut data, mv).await
        {
            eprintln!(
                "mancala-web: game {}: the machine's move {mv:?} failed: {e}",
                live.id
            );
            let _ = live.events.send(event(&data.view(&live.id)));
        }
    }

    /// Takes the free seat of a `remote` game for the holder of its
    /// invitation secret. With `token` (chosen by the client), a join
    /// retried after a lost answer finds the seat already its own.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        invite: Option<&str>,
        token: Option<&str>,
    ) -> Result<Joined, ApiError> {
        let token = token
            .filter(|t| !t.is_empty())
            .map(client_token)
            .transpose()?;
        let (hub, id, invite) = (self.clone(), id.to_string(), invite.map(str::to_string));
        detached(async move { hub.join_now(&id, invite.as_deref(), token).await }).await
    }

    async fn join_now(
        self: &Arc<Self>,
        id: &str,
        invite: Option<&str>,
        token: Option<String>,
    ) -> Result<Joined, ApiError> {
        let live = self.get(id).await?;
        let mut data = live.data.lock().await;
        if let Some(token) = &token
            && let Ok(sides) = data.seats_of(Some(token), "joining")
            && data.mode == "remote"
        {
            return Ok(Joined {
                side: sides[0].as_str().to_string(),
                token: token.clone(),
                game: data.view(&live.id),
            });
        }
        let Some(side) = Side::BOTH
            .into_iter()
            .find(|s| data.tokens[s.index()].is_none() && data.players[s.index()] == "human")
        else {
            return Err(ApiError::conflict(
                "seats_taken",
                "both seats of this game are taken; you can watch it",
            ));
        };
        let invite = invite.filter(|i| !i.is_empty()).ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "missing_invite",
                "the free seat is for the person invited: open the link you were sent (it holds the invitation)",
            )
        })?;
        if !data
            .invite
            .as_deref()
            .is_some_and(|held| same_hash(held, &secret_hash(invite)))
        {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "bad_invite",
                "this invitation does not open this game's free seat; ask the other player for the link again",
            ));
        }
        let token = token.unwrap_or_else(new_token);
        let hash = secret_hash(&token);
        let now = data.next_stamp();
        self.store
            .write(Write::Seat {
                id: live.id.clone(),
                side: side.index(),
                token: hash.clone(),
                ms: now,
            })
            .await
            .map_err(storage_error)?;
        data.tokens[side.index()] = Some(hash);
        data.updated = now;
        self.changed(&live, &mut data);
        Ok(Joined {
            side: side.as_str().to_string(),
            token,
            game: data.view(&live.id),
        })
    }

    /// Takes back moves: in a game against the machine, back to the last
    /// position where the person was to move before their last move; in a
    /// `local` game, the last move.
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        client: &str,
    ) -> Result<GameView, ApiError> {
        let (hub, id, token, client) = (
            self.clone(),
            id.to_string(),
            token.map(str::to_string),
            client.to_string(),
        );
        detached(async move { hub.undo_now(&id, token.as_deref(), &client).await }).await
    }

    async fn undo_now(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        client: &str,
    ) -> Result<GameView, ApiError> {
        let live = self.get(id).await?;
        let mut data = live.data.lock().await;
        let sides = data.seats_of(token, "undo")?;
        if data.mode == "remote" {
            return Err(ApiError::conflict(
                "no_undo",
                "moves cannot be taken back in a game between two people on different devices",
            ));
        }
        if data.resigned.is_some() {
            return Err(ApiError::conflict(
                "game_over",
                "the game was resigned; a resignation cannot be taken back",
            ));
        }
        let mut game = data.game.clone();
        let mut taken = 0;
        if data.mode == "local" {
            if game.undo().is_some() {
                taken = 1;
            }
        } else {
            // Take back the machine's replies and then the person's own move.
            let mut found = false;
            while !game.moves().is_empty() {
                let mut before = game.clone();
                before.undo();
                let mover = before.position().to_move();
                game = before;
                taken += 1;
                if sides.contains(&mover) {
                    found = true;
                    break;
                }
            }
            if !found {
                game = data.game.clone();
                taken = 0;
            }
        }
        if taken == 0 {
            return Err(ApiError::conflict(
                "nothing_to_undo",
                "there is no move of yours to take back",
            ));
        }
        let now = data.next_stamp();
        let old = std::mem::replace(&mut data.game, game);
        let summary = data.summary();
        let keep = data.game.position().ply();
        if let Err(e) = self
            .store
            .write(Write::Truncate {
                id: live.id.clone(),
                keep,
                ms: now,
                summary,
            })
            .await
        {
            data.game = old;
            return Err(storage_error(e));
        }
        data.last = last_move(&data.game);
        data.updated = now;
        data.client = client.to_string();
        self.changed(&live, &mut data);
        Ok(data.view(&live.id))
    }

    /// Resigns for the holder of `token` (`side` picks one when the token
    /// holds both seats; by default the side to move).
    pub async fn resign(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        side: Option<&str>,
    ) -> Result<GameView, ApiError> {
        let (hub, id, token, side) = (
            self.clone(),
            id.to_string(),
            token.map(str::to_string),
            side.map(str::to_string),
        );
        detached(async move { hub.resign_now(&id, token.as_deref(), side.as_deref()).await }).await
    }

    async fn resign_now(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        side: Option<&str>,
    ) -> Result<GameView, ApiError> {
        let live = self.get(id).await?;
        let mut data = live.data.lock().await;
        let sides = data.seats_of(token, "resigning")?;
        if data.over() {
            return Err(ApiError::conflict("game_over", "the game is already over"));
        }
        let side = match side {
            Some("south") if sides.contains(&Side::South) => Side::South,
            Some("north") if sides.contains(&Side::North) => Side::North,
            Some(s @ ("south" | "north")) => {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "bad_token",
                    format!("this token does not hold {s}'s seat"),
                ));
            }
            Some(other) => {
                return Err(ApiError::bad_request(format!(
                    "side {other:?}: choose south or north"
                )));
            }
            None => {
                let to_move = data.game.position().to_move();
                if sides.contains(&to_move) {
                    to_move
                } else {
                    sides[0]
                }
            }
        };
        data.resigned = Some(side);
        let summary = data.summary();
        let now = data.next_stamp();
        if let Err(e) = self
            .store
            .write(Write::Resign {
                id: live.id.clone(),
                side: side.as_str().to_string(),
                ms: now,
                summary,
            })
            .await
        {
            data.resigned = None;
            return Err(storage_error(e));
        }
        data.updated = now;
        self.changed(&live, &mut data);
        Ok(data.view(&live.id))
    }

    /// The machine's suggestion for the player to move (who must hold
    /// `token`); not in `remote` games.
    pub async fn hint(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        client: &str,
    ) -> Result<Hint, ApiError> {
        let live = self.get(id).await?;
        let game = {
            let data = live.data.lock().await;
            let sides = data.seats_of(token, "a hint")?;
            if data.mode == "remote" {
                return Err(ApiError::conflict(
                    "no_hints",
                    "hints are off in games between two people on different devices",
                ));
            }
            if data.over() {
                return Err(ApiError::conflict("game_over", "the game is over"));
            }
            if !sides.contains(&data.game.position().to_move()) {
                return Err(ApiError::conflict(
                    "not_your_turn",
                    "hints are for the player to move",
                ));
            }
            data.game.clone()
        };
        let busy = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the machine is busy; ask for a hint again in a moment",
            )
            .with("retry_after", 2)
        };
        // At most so many hints asked for at once (each then waits its turn
        // for a slot, and not for ever).
        let pending =
            HintTicket::take(&self.hints, self.config.limits.hints_pending).ok_or_else(busy)?;
        let slot =
            tokio::time::timeout(self.config.limits.hint_wait, self.ai_slots.acquire(client))
                .await
                .map_err(|_| busy())?;
        let advisor = self.advisor.clone();
        let time_ms = self.config.hint_ms;
        let task = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            let _pending = pending;
            advisor.hint(&game, time_ms)
        });
        match tokio::time::timeout(Duration::from_millis(time_ms * 2 + 2000), task).await {
            Ok(Ok(hint)) => Ok(hint),
            Ok(Err(e)) => Err(ApiError::internal(format!("the hint failed: {e}"))),
            Err(_) => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the hint took too long; try again",
            )),
        }
    }

    /// Lists stored games, most recently changed first.
    /// Only finished games and the games `tokens` hold seats in are listed.
    pub async fn list(
        self: &Arc<Self>,
        status: Option<String>,
        tokens: &[String],
        limit: u32,
        offset: u32,
    ) -> Result<(Vec<ListRow>, u64), ApiError> {
        let hub = self.clone();
        let hashes: Vec<String> = tokens.iter().take(200).map(|t| secret_hash(t)).collect();
        tokio::task::spawn_blocking(move || {
            hub.store.list(status.as_deref(), &hashes, limit, offset)
        })
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(|e| ApiError::internal(e.to_string()))
    }

    /// The game's record, for export.
    pub async fn record(self: &Arc<Self>, id: &str) -> Result<Record, ApiError> {
        let live = self.get(id).await?;
        let data = live.data.lock().await;
        let view = data.view(&live.id);
        let result = view.state.over.then(|| crate::record::result_line(&view));
        let mut text = format!("game: {}\nmoves: {}\n", data.rules_id, view.record);
        if let Some(r) = &result {
            text.push_str(&format!("result: {r}\n"));
        }
        Ok(Record {
            id: live.id.clone(),
            game: data.rules_id.clone(),
            moves: view.moves,
            record: view.record,
            text,
            result,
        })
    }

    /// Every position of the game, from the start.
    pub async fn positions(self: &Arc<Self>, id: &str) -> Result<Vec<ReplayStep>, ApiError> {
        let live = self.get(id).await?;
        let game = live.data.lock().await.game.clone();
        let mut replay = Game::new(game.rules_arc().clone());
        let mut steps = vec![ReplayStep {
            state: State::of(&replay),
            last: None,
        }];
        for &mv in game.moves() {
            let last = describe_move(&replay, mv);
            replay
                .play(mv)
                .map_err(|e| ApiError::internal(e.to_string()))?;
            steps.push(ReplayStep {
                state: State::of(&replay),
                last: Some(last),
            });
        }
        Ok(steps)
    }

    /// The current state as a live event, and a receiver of the next ones.
    pub async fn subscribe(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(Arc<LiveGame>, broadcast::Receiver<Utf8Bytes>), ApiError> {
        let live = self.get(id).await?;
        let rx = live.events.subscribe();
        Ok((live, rx))
    }

    /// The game's current state as a live event.
    pub async fn current_event(&self, live: &LiveGame) -> Utf8Bytes {
        let data = live.data.lock().await;
        event(&data.view(&live.id))
    }

    /// The sides `token` holds in game `id` (to check a token before
    /// keeping it).
    pub async fn seat(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<Vec<String>, ApiError> {
        let live = self.get(id).await?;
        let data = live.data.lock().await;
        Ok(data
            .seats_of(token, "checking a seat")?
            .iter()
            .map(|s| s.as_str().to_string())
            .collect())
    }

    /// A new invitation secret for the free seat of a `remote` game, for
    /// a holder of the other seat (the old one stops working).
    pub async fn invite(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<String, ApiError> {
        let (hub, id, token) = (self.clone(), id.to_string(), token.map(str::to_string));
        detached(async move {
            let live = hub.get(&id).await?;
            let mut data = live.data.lock().await;
            data.seats_of(token.as_deref(), "inviting")?;
            let free = Side::BOTH
                .into_iter()
                .any(|s| data.tokens[s.index()].is_none() && data.players[s.index()] == "human");
            if data.mode != "remote" || !free || data.over() {
                return Err(ApiError::conflict(
                    "no_free_seat",
                    "this game has no free seat to invite someone to",
                ));
            }
            let invite = new_token();
            let hash = secret_hash(&invite);
            hub.store
                .write(Write::Invite {
                    id: live.id.clone(),
                    hash: hash.clone(),
                })
                .await
                .map_err(storage_error)?;
            data.invite = Some(hash);
            Ok(invite)
        })
        .await
    }

    /// Games in memory.
    pub fn loaded(&self) -> usize {
        self.games.lock().unwrap().len()
    }
}

/// A hint asked for and not yet answered; counted while it lives.
struct HintTicket(Arc<std::sync::atomic::AtomicUsize>);

impl HintTicket {
    fn take(count: &Arc<std::sync::atomic::AtomicUsize>, max: usize) -> Option<HintTicket> {
        use std::sync::atomic::Ordering;
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()?;
        Some(HintTicket(count.clone()))
    }
}

impl Drop for HintTicket {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

impl LiveGame {
    fn new(id: String, data: GameData) -> LiveGame {
        let (events, _) = broadcast::channel(64);
        LiveGame {
            id,
            data: tokio::sync::Mutex::new(data),
            events,
        }
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// Games kept in memory before idle ones are dropped.
pub const MAX_LOADED: usize = 4096;

/// When more than [`MAX_LOADED`] games are in memory, drops those nobody
/// uses: no request, live connection or machine move holds them (they are
/// on disk, and are loaded again when asked for).
fn evict_idle(games: &mut HashMap<String, Arc<LiveGame>>) {
    if games.len() < MAX_LOADED {
        return;
    }
    games.retain(|_, live| Arc::strong_count(live) > 1 || live.events.receiver_count() > 0);
}

/// A live event: `{"type": "game", "game": {...}}`.
fn event(view: &GameView) -> Utf8Bytes {
    serde_json::to_string(&serde_json::json!({ "type": "game", "game": view }))
        .expect("a view always serialises")
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Spot;

    /// A move of chosen direction keeps its arrow in the view, and its
    /// sowing is drawn the way the engine sowed it.
    #[test]
    fn a_chosen_direction_is_labelled_and_drawn_as_sown() {
        let text = "name = \"D\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\ndirection = \"chosen\"\n";
        let rules = Rules::from_toml("d", text, "d.toml").unwrap();
        let mut game = Game::new(rules);
        game.play_label("B<").unwrap();
        let last = last_move(&game).unwrap();
        assert_eq!(last.label, "B<");
        let laps = last.laps.unwrap();
        assert_eq!(laps.len(), 1);
        assert_eq!(
            (laps[0].lift.clone(), laps[0].sow.clone()),
            (Spot::Hole(1), vec![Spot::Hole(0), Spot::Hole(5)])
        );
        assert_eq!(game.position().raw_board()[..6], [3, 0, 2, 2, 2, 3]);
        let legal: Vec<String> = game
            .legal_moves()
            .iter()
            .map(|m| move_label(game.rules(), m))
            .collect();
        assert_eq!(legal, ["a>", "a<", "b>", "b<", "c>", "c<"]);
    }
}
