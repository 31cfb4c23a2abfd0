//! SQLite storage: every game and every move, committed before the server
//! answers.
//!
//! The database is `mancala.sqlite3` in the data directory, in WAL mode.
//! Writes go to one writer thread through a queue; the thread takes every
//! write waiting in the queue, applies them in one transaction (each in its
//! own savepoint, so one failing write does not spoil the others), commits,
//! and only then answers each writer. Many games moving at once thus share
//! one commit (group commit) while no move is ever acknowledged before it is
//! on disk. Reads use a small pool of their own connections.
//!
//! Two tables: `games` (one row a game: rules, players, seat tokens, and a
//! summary of its state for listing) and `moves` (one row a move:
//! `(game_id, ply, label)`). A game's state is rebuilt by replaying its moves.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use tokio::sync::{mpsc, oneshot};

/// The database file's name inside the data directory.
pub const DB_FILE: &str = "mancala.sqlite3";

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
    /// The rules' id, e.g. `modiar`.
    pub rules: String,
    /// `local`, `remote` or `ai`.
    pub mode: String,
    /// South's and North's player: `human` or `ai:K`.
    pub players: [String; 2],
    /// The SHA-256 (hex) of South's and North's seat tokens; `None` for a
    /// machine or a free seat. Tokens themselves are never stored.
    pub tokens: [Option<String>; 2],
    /// The SHA-256 (hex) of a `remote` game's invitation secret, which
    /// joining needs.
    pub invite: Option<String>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_ms: i64,
    /// Last change, milliseconds since the Unix epoch.
    pub updated_ms: i64,
    /// The side that resigned, if one did (`south` or `north`).
    pub resigned: Option<String>,
    /// The moves' labels, in order.
    pub moves: Vec<String>,
}

/// The summary columns kept beside each game for listing without replaying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Moves played.
    pub ply: u32,
    /// `playing` or `over`.
    pub status: &'static str,
    /// `south`, `north` or `draw` once over.
    pub winner: Option<String>,
}

/// A row of the games list.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ListRow {
    /// The game's id.
    pub id: String,
    /// The rules' id.
    pub game: String,
    /// `local`, `remote` or `ai`.
    pub mode: String,
    /// South's and North's players.
    pub players: Players,
    /// Moves played.
    pub ply: u32,
    /// `playing` or `over`.
    pub status: String,
    /// `south`, `north` or `draw` once over.
    pub winner: Option<String>,
    /// The side that resigned, if one did.
    pub resigned: Option<String>,
    /// Creation time (ms since the epoch).
    pub created: i64,
    /// Last change (ms since the epoch).
    pub updated: i64,
}

/// South's and North's players.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Players {
    /// South's player.
    pub south: String,
    /// North's player.
    pub north: String,
}

/// One write.
#[derive(Clone, Debug)]
pub enum Write {
    /// A new game, with any moves it starts with (an import).
    Create {
        /// The game.
        row: GameRow,
        /// Its summary.
        summary: Summary,
    },
    /// A move appended at `ply` (1-based; the game must have `ply - 1` moves).
    Append {
        /// The game's id.
        id: String,
        /// The move's ply.
        ply: u32,
        /// The move's label.
        label: String,
        /// When.
        ms: i64,
        /// The game's summary after it.
        summary: Summary,
    },
    /// A new invitation secret (its SHA-256, hex) for a game's free seat.
    Invite {
        /// The game's id.
        id: String,
        /// The secret's hash.
        hash: String,
    },
    /// Moves after `keep` taken back (undo).
    Truncate {
        /// The game's id.
        id: String,
        /// Moves kept.
        keep: u32,
        /// When.
        ms: i64,
        /// The game's summary after it.
        summary: Summary,
    },
    /// A seat taken by a person who joined.
    Seat {
        /// The game's id.
        id: String,
        /// 0 South, 1 North.
        side: usize,
        /// The SHA-256 (hex) of the new seat token.
        token: String,
        /// When.
        ms: i64,
    },
    /// A resignation.
    Resign {
        /// The game's id.
        id: String,
        /// `south` or `north`.
        side: String,
        /// When.
        ms: i64,
        /// The game's summary after it.
        summary: Summary,
    },
}

/// Why a write failed.
#[derive(Clone, Debug, thiserror::Error)]
#[error("storage: {0}")]
pub struct StoreError(pub String);

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The store: a writer thread and a pool of readers.
pub struct Store {
    path: PathBuf,
    writer: mpsc::UnboundedSender<Job>,
    readers: Mutex<Vec<Connection>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    rules       TEXT NOT NULL,
    mode        TEXT NOT NULL,
    south       TEXT NOT NULL,
    north       TEXT NOT NULL,
    south_token TEXT,
    north_token TEXT,
    created_ms  INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    resigned    TEXT,
    ply         INTEGER NOT NULL DEFAULT 0,
    status      TEXT NOT NULL DEFAULT 'playing',
    winner      TEXT
);
CREATE INDEX IF NOT EXISTS games_by_update ON games (updated_ms DESC, id);
CREATE TABLE IF NOT EXISTS moves (
    game_id   TEXT NOT NULL REFERENCES games (id),
    ply       INTEGER NOT NULL,
    label     TEXT NOT NULL,
    played_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
";

/// Version 2: seat tokens are stored as their SHA-256, `remote` games have
/// an invitation secret (hashed too), and lists find a person's games by
/// their tokens' hashes.
const SCHEMA_VERSION: i64 = 2;

fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version >= SCHEMA_VERSION {
        return Ok(());
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let has_invite: bool = tx
        .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'invite_hash'")?
        .exists([])?;
    if !has_invite {
        tx.execute_batch("ALTER TABLE games ADD COLUMN invite_hash TEXT")?;
    }
    // Version 1 kept the tokens themselves (32 hex digits): keep their hashes instead.
    let plain: Vec<(String, Option<String>, Option<String>)> = tx
        .prepare("SELECT id, south_token, north_token FROM games WHERE length(south_token) = 32 OR length(north_token) = 32")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (id, south, north) in plain {
        let hashed = |t: Option<String>| {
            t.map(|t| {
                if t.len() == 32 {
                    crate::secret::secret_hash(&t)
                } else {
                    t
                }
            })
        };
        tx.execute(
            "UPDATE games SET south_token = ?2, north_token = ?3 WHERE id = ?1",
            params![id, hashed(south), hashed(north)],
        )?;
    }
    tx.execute_batch(
        "CREATE INDEX IF NOT EXISTS games_by_south_token ON games (south_token);
         CREATE INDEX IF NOT EXISTS games_by_north_token ON games (north_token);
         CREATE INDEX IF NOT EXISTS games_by_status ON games (status, updated_ms DESC, id);",
    )?;
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    // Write the hashed pages over the plain ones in the database file now.
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
}

fn connect(path: &Path, synchronous_full: bool) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(
        None,
        "synchronous",
        if synchronous_full { "FULL" } else { "NORMAL" },
    )?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Deleted or overwritten secrets (the plain tokens of version 1) are
    // zeroed, not left in free space.
    conn.pragma_update(None, "secure_delete", "ON")?;
    Ok(conn)
}

impl Store {
    /// Opens (creating if needed) the database in `dir`, which is created
    /// too. With `synchronous_full`, every commit is flushed to the disk
    /// (durable across a power cut); without it, commits survive the
    /// server's death (even `kill -9`) but maybe not the machine's.
    pub fn open(dir: &Path, synchronous_full: bool) -> anyhow::Result<Store> {
        std::fs::create_dir_all(dir).map_err(|e| {
            anyhow::anyhow!("cannot create the data directory {}: {e}", dir.display())
        })?;
        let path = dir.join(DB_FILE);
        let mut conn = connect(&path, synchronous_full)
            .map_err(|e| anyhow::anyhow!("cannot open the database {}: {e}", path.display()))?;
        conn.execute_batch(SCHEMA)
            .map_err(|e| anyhow::anyhow!("cannot create the tables in {}: {e}", path.display()))?;
        migrate(&mut conn)
            .map_err(|e| anyhow::anyhow!("cannot upgrade the database {}: {e}", path.display()))?;
        let (tx, rx) = mpsc::unbounded_channel();
        std::thread::Builder::new()
            .name("mancala-db-writer".into())
            .spawn(move || writer_loop(conn, rx))?;
        let reader = connect(&path, synchronous_full)?;
        Ok(Store {
            path,
            writer: tx,
            readers: Mutex::new(vec![reader]),
        })
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Applies a write; answers once it is committed.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.writer
            .send((write, tx))
            .map_err(|_| StoreError("the writer thread has stopped".into()))?;
        rx.await
            .map_err(|_| StoreError("the writer thread has stopped".into()))?
    }

    fn with_reader<T>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let conn = self.readers.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match conn {
            Some(c) => c,
            None => connect(&self.path, false).map_err(|e| StoreError(e.to_string()))?,
        };
        let result = f(&conn).map_err(|e| StoreError(e.to_string()));
        let mut pool = self.readers.lock().unwrap_or_else(|e| e.into_inner());
        if pool.len() < 4 {
            pool.push(conn);
        }
        result
    }

    /// Loads a game and its moves (blocking).
    pub fn load(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        self.with_reader(|conn| {
            let tx = conn.unchecked_transaction()?;
            let row = tx
                .query_row(
                    "SELECT id, rules, mode, south, north, south_token, north_token, created_ms, updated_ms, resigned,
                            invite_hash
                     FROM games WHERE id = ?1",
                    params![id],
                    |r| {
                        Ok(GameRow {
                            id: r.get(0)?,
                            rules: r.get(1)?,
                            mode: r.get(2)?,
                            players: [r.get(3)?, r.get(4)?],
                            tokens: [r.get(5)?, r.get(6)?],
                            created_ms: r.get(7)?,
                            updated_ms: r.get(8)?,
                            resigned: r.get(9)?,
                            invite: r.get(10)?,
                            moves: Vec::new(),
                        })
                    },
                )
                .optional()?;
            let Some(mut row) = row else { return Ok(None) };
            let mut stmt = tx.prepare_cached("SELECT label FROM moves WHERE game_id = ?1 ORDER BY ply")?;
            row.moves = stmt.query_map(params![id], |r| r.get(0))?.collect::<Result<_, _>>()?;
            drop(stmt);
            tx.commit()?;
            Ok(Some(row))
        })
    }

    /// Lists games, most recently changed first (blocking): the finished
    /// ones (public) and those where one of `token_hashes` holds a seat.
    /// `status` filters on `playing` or `over`.
    pub fn list(
        &self,
        status: Option<&str>,
        token_hashes: &[String],
        limit: u32,
        offset: u32,
    ) -> Result<(Vec<ListRow>, u64), StoreError> {
        self.with_reader(|conn| {
            let tx = conn.unchecked_transaction()?;
            let mine = serde_json::to_string(token_hashes).expect("strings serialise");
            let filter = "(?1 IS NULL OR status = ?1)
                 AND (status = 'over'
                      OR south_token IN (SELECT value FROM json_each(?2))
                      OR north_token IN (SELECT value FROM json_each(?2)))";
            let total: i64 =
                tx.query_row(&format!("SELECT COUNT(*) FROM games WHERE {filter}"), params![status, mine], |r| r.get(0))?;
            let mut stmt = tx.prepare_cached(&format!(
                "SELECT id, rules, mode, south, north, ply, status, winner, resigned, created_ms, updated_ms
                 FROM games WHERE {filter}
                 ORDER BY updated_ms DESC, id LIMIT ?3 OFFSET ?4"
            ))?;
            let rows = stmt
                .query_map(params![status, mine, limit, offset], |r| {
                    Ok(ListRow {
                        id: r.get(0)?,
                        game: r.get(1)?,
                        mode: r.get(2)?,
                        players: Players { south: r.get(3)?, north: r.get(4)? },
                        ply: r.get(5)?,
                        status: r.get(6)?,
                        winner: r.get(7)?,
                        resigned: r.get(8)?,
                        created: r.get(9)?,
                        updated: r.get(10)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            drop(stmt);
            tx.commit()?;
            Ok((rows, total as u64))
        })
    }

    /// Whether a game id is taken (blocking).
    pub fn exists(&self, id: &str) -> Result<bool, StoreError> {
        self.with_reader(|conn| {
            conn.query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |_| Ok(()))
                .optional()
                .map(|o| o.is_some())
        })
    }
}

fn writer_loop(mut conn: Connection, mut rx: mpsc::UnboundedReceiver<Job>) {
    while let Some(first) = rx.blocking_recv() {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match apply_batch(&mut conn, &batch) {
            Ok(results) => {
                for ((_, ack), result) in batch.into_iter().zip(results) {
                    let _ = ack.send(result);
                }
            }
            Err(e) => {
                let message = format!("the transaction failed: {e}");
                for (_, ack) in batch {
                    let _ = ack.send(Err(StoreError(message.clone())));
                }
            }
        }
    }
}

fn apply_batch(
    conn: &mut Connection,
    batch: &[Job],
) -> rusqlite::Result<Vec<Result<(), StoreError>>> {
    let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut results = Vec::with_capacity(batch.len());
    for (write, _) in batch {
        let sp = tx.savepoint()?;
        match apply(&sp, write) {
            Ok(()) => {
                sp.commit()?;
                results.push(Ok(()));
            }
            Err(e) => {
                drop(sp); // rolls back this write alone
                results.push(Err(StoreError(e.to_string())));
            }
        }
    }
    tx.commit()?;
    Ok(results)
}

fn apply(conn: &Connection, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::Create { row, summary } => {
            conn.execute(
                "INSERT INTO games (id, rules, mode, south, north, south_token, north_token, created_ms, updated_ms,
                                    resigned, ply, status, winner, invite_hash)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    row.id,
                    row.rules,
                    row.mode,
                    row.players[0],
                    row.players[1],
                    row.tokens[0],
                    row.tokens[1],
                    row.created_ms,
                    row.updated_ms,
                    row.resigned,
                    summary.ply,
                    summary.status,
                    summary.winner,
                    row.invite
                ],
            )?;
            let mut stmt = conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, label, played_ms) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, label) in row.moves.iter().enumerate() {
                stmt.execute(params![row.id, i as u32 + 1, label, row.created_ms])?;
            }
        }
        Write::Append {
            id,
            ply,
            label,
            ms,
            summary,
        } => {
            let count: u32 = conn.query_row(
                "SELECT COUNT(*) FROM moves WHERE game_id = ?1",
                params![id],
                |r| r.get(0),
            )?;
            if count + 1 != *ply {
                return Err(rusqlite::Error::ToSqlConversionFailure(
                    format!("game {id} has {count} moves stored; move {ply} cannot follow").into(),
                ));
            }
            conn.prepare_cached(
                "INSERT INTO moves (game_id, ply, label, played_ms) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![id, ply, label, ms])?;
            update_summary(conn, id, *ms, summary)?;
        }
        Write::Truncate {
            id,
            keep,
            ms,
            summary,
        } => {
            conn.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2")?
                .execute(params![id, keep])?;
            update_summary(conn, id, *ms, summary)?;
        }
        Write::Seat {
            id,
            side,
            token,
            ms,
        } => {
            let sql = if *side == 0 {
                "UPDATE games SET south_token = ?2, updated_ms = ?3 WHERE id = ?1 AND south_token IS NULL"
            } else {
                "UPDATE games SET north_token = ?2, updated_ms = ?3 WHERE id = ?1 AND north_token IS NULL"
            };
            if conn.execute(sql, params![id, token, ms])? != 1 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
        }
        Write::Invite { id, hash } => {
            if conn.execute(
                "UPDATE games SET invite_hash = ?2 WHERE id = ?1",
                params![id, hash],
            )? != 1
            {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
        }
        Write::Resign {
            id,
            side,
            ms,
            summary,
        } => {
            conn.execute(
                "UPDATE games SET resigned = ?2 WHERE id = ?1",
                params![id, side],
            )?;
            update_summary(conn, id, *ms, summary)?;
        }
    }
    Ok(())
}

fn update_summary(conn: &Connection, id: &str, ms: i64, s: &Summary) -> rusqlite::Result<()> {
    let n = conn
        .prepare_cached(
            "UPDATE games SET updated_ms = ?2, ply = ?3, status = ?4, winner = ?5 WHERE id = ?1",
        )?
        .execute(params![id, ms, s.ply, s.status, s.winner])?;
    if n != 1 {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    Ok(())
}
