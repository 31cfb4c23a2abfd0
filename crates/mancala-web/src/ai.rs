//! The machine players the server uses, behind a small trait so that the
//! server does not depend on how they play.
//!
//! [`MancalaAi`] plugs in the players of `mancala-ai`: `ai:1` to `ai:9` as
//! opponents, and an alpha-beta search with a time limit for hints; and,
//! for a game whose solved database (from `mancala-solver`) is installed,
//! perfect play.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use mancala_ai::{
    AlphaBetaPlayer, Budget, Player, PlayerSpec, ValueUnit, parse_player_spec, perfect,
};
use mancala_core::notation::move_label;
use mancala_core::{Game, Move, Rules};
use mancala_solver::Database;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use serde::Serialize;

/// A hint: the move the machine would play, and what it thinks of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    /// The move's label.
    #[serde(rename = "move")]
    pub mv: String,
    /// What the move is worth for the player to move, when the machine
    /// values moves: one field named by its unit (`margin_seeds`,
    /// `win_in_plies`, `loss_in_plies`, `draw`, `heuristic_score`).
    #[serde(flatten)]
    pub value: Option<ValueUnit>,
    /// Whether the move is perfect play from a solved database (its value
    /// is then exact).
    pub perfect: bool,
    /// The line it expects, as labels, starting with the move.
    pub line: Vec<String>,
    /// The search depth reached.
    pub depth: Option<u32>,
}

/// What the server needs from machine players. Every method may take a
/// while and is called off the async runtime; each must respect its time
/// limit (the server also stops waiting a little after it).
pub trait Advisor: Send + Sync + 'static {
    /// Checks an opponent spec such as `ai:3`; `Err` says what is wrong and
    /// which specs are valid.
    fn check(&self, spec: &str) -> Result<(), String>;

    /// Chooses a move for the player to move in `game` (which is not over),
    /// playing as `spec`, with `time_ms` for the move. `seed` makes
    /// random choices repeatable.
    fn choose(&self, game: &Game, spec: &str, seed: u64, time_ms: u64) -> Move;

    /// Suggests a move for the player to move, within `time_ms`.
    fn hint(&self, game: &Game, time_ms: u64) -> Hint;

    /// Whether perfect play (the opponent `perfect`) is available for these
    /// rules. None by default.
    fn perfect_available(&self, rules: &Rules) -> bool {
        let _ = rules;
        false
    }

    /// Why perfect play is not available although a database file for these
    /// rules is installed (damaged, built for other rules, ...), for the
    /// API's answer; `None` when there is no such file.
    fn perfect_problem(&self, rules: &Rules) -> Option<String> {
        let _ = rules;
        None
    }
}

/// The `mancala-ai` players: `ai:1` (random) to `ai:9` (alpha-beta using the
/// whole time per move); and `perfect` for the games whose solved database
/// is found (`<id>.mdb` in the extra directories given, or where
/// `mancala-solver` keeps them: `$MANCALA_DATA`, else
/// `~/.local/share/mancala`).
///
/// An installed database is never used in place: it is copied to a file of
/// the server's own, which is opened (memory-mapped) and unlinked at once,
/// so that rewriting or deleting the installed file cannot change (or, by
/// truncating it, crash) what the server reads. A file installed anew (by
/// rename, or rewritten) is noticed at the next use and replaces the old
/// one once it opens cleanly.
#[derive(Clone, Debug, Default)]
pub struct MancalaAi {
    dirs: Vec<PathBuf>,
    /// Databases opened so far, by game.
    databases: Arc<Mutex<HashMap<String, Installed>>>,
    /// Why a database found could not be used, by rules id.
    problems: Arc<Mutex<HashMap<String, String>>>,
}

/// A game's database as last seen.
#[derive(Clone, Debug, Default)]
struct Installed {
    /// The installed file and its identity when last looked at.
    seen: Option<(PathBuf, FileStamp)>,
    /// The database in use (opened from a private copy).
    db: Option<Arc<Database>>,
}

/// What tells one installed file from another: a rename gives another
/// inode, a rewrite in place another length or modification time.
#[derive(Clone, Debug, PartialEq, Eq)]
struct FileStamp {
    dev: u64,
    ino: u64,
    len: u64,
    modified: Option<std::time::SystemTime>,
}

impl FileStamp {
    fn of(path: &std::path::Path) -> Option<FileStamp> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        let (dev, ino) = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let (dev, ino) = (0, 0);
        Some(FileStamp {
            dev,
            ino,
            len: meta.len(),
            modified: meta.modified().ok(),
        })
    }
}

impl MancalaAi {
    /// The players, looking for solved databases in `dirs` first.
    pub fn with_database_dirs(dirs: Vec<PathBuf>) -> MancalaAi {
        MancalaAi {
            dirs,
            databases: Arc::default(),
            problems: Arc::default(),
        }
    }

    /// The solved database of `rules`, if one is installed: the one in use,
    /// or the installed file if it changed since and opens cleanly.
    pub fn database(&self, rules: &Rules) -> Option<Arc<Database>> {
        let name = mancala_solver::default_file_name(rules);
        let path = self
            .dirs
            .iter()
            .map(|d| d.join(&name))
            .find(|p| p.is_file())
            .or_else(|| mancala_solver::find_database(rules));
        let mut cache = self.databases.lock().unwrap_or_else(|e| e.into_inner());
        let installed = cache.entry(rules.id().to_string()).or_default();
        let Some(path) = path else {
            // Removed: what was opened stays usable (it is our own copy).
            return installed.db.clone();
        };
        let Some(stamp) = FileStamp::of(&path) else {
            return installed.db.clone();
        };
        if installed
            .seen
            .as_ref()
            .is_some_and(|(p, s)| *p == path && *s == stamp)
        {
            return installed.db.clone();
        }
        installed.seen = Some((path.clone(), stamp));
        let mut problems = self.problems.lock().unwrap_or_else(|e| e.into_inner());
        match self.open_private_copy(&path, rules) {
            Ok(db) => {
                installed.db = Some(Arc::new(db));
                problems.remove(rules.id());
            }
            Err(e) => {
                let problem = format!("the database {} cannot be used: {e}", path.display());
                eprintln!(
                    "mancala-web: {problem}; {}",
                    if installed.db.is_some() {
                        "the one opened before stays in use"
                    } else {
                        "no perfect play"
                    }
                );
                problems.insert(rules.id().to_string(), problem);
            }
        }
        installed.db.clone()
    }

    /// Opens a copy of `path` that only this server knows (removed from the
    /// directory once mapped).
    fn open_private_copy(&self, path: &std::path::Path, rules: &Rules) -> Result<Database, String> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COPIES: AtomicU64 = AtomicU64::new(0);
        let dir = self
            .dirs
            .first()
            .map(|d| d.join(".databases-in-use"))
            .filter(|d| std::fs::create_dir_all(d).is_ok())
            .unwrap_or_else(std::env::temp_dir);
        let copy = dir.join(format!(
            "{}-{}-{}",
            std::process::id(),
            COPIES.fetch_add(1, Ordering::Relaxed),
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        ));
        let opened = std::fs::copy(path, &copy)
            .map_err(|e| format!("copying it to {}: {e}", copy.display()))
            .and_then(|_| Database::open(&copy, rules).map_err(|e| e.to_string()));
        let _ = std::fs::remove_file(&copy);
        opened
    }

    /// The perfect moves of the position, when a database reaches it.
    fn perfect_moves(&self, game: &Game) -> Option<Vec<Move>> {
        let db = self.database(game.rules())?;
        db.best_moves(game.position()).filter(|m| !m.is_empty())
    }
}

/// Transposition table size of the server's searches: 2^18 entries (4 MiB),
/// small enough to build one a move.
const TT_BITS: u32 = 18;

/// Reads an opponent spec: only the levels `ai:1` to `ai:9` are offered.
pub fn ai_level_of(spec: &str) -> Result<u8, String> {
    match parse_player_spec(spec) {
        Ok(PlayerSpec::Ai(k)) => Ok(k),
        Ok(other) => Err(format!(
            "{other} is not offered here; opponents are ai:1 (weakest) to ai:9"
        )),
        Err(e) => Err(e.to_string()),
    }
}

fn build(level: u8, seed: u64, time_ms: u64) -> Box<dyn Player> {
    match mancala_ai::ai_level(level, time_ms) {
        PlayerSpec::AlphaBeta(budget) => Box::new(AlphaBetaPlayer::with_table(budget, TT_BITS)),
        spec => spec.build(seed, time_ms).expect("ai levels are machines"),
    }
}

impl Advisor for MancalaAi {
    fn check(&self, spec: &str) -> Result<(), String> {
        ai_level_of(spec).map(|_| ())
    }

    fn choose(&self, game: &Game, spec: &str, seed: u64, time_ms: u64) -> Move {
        if spec == "perfect" {
            if let Some(moves) = self.perfect_moves(game) {
                return *moves
                    .choose(&mut SmallRng::seed_from_u64(seed))
                    .expect("not empty");
            }
            // Beyond the database: the strongest search.
            return build(9, seed, time_ms).choose(game).mv;
        }
        let level = ai_level_of(spec).unwrap_or(1);
        build(level, seed, time_ms).choose(game).mv
    }

    fn perfect_available(&self, rules: &Rules) -> bool {
        self.database(rules).is_some()
    }

    fn perfect_problem(&self, rules: &Rules) -> Option<String> {
        self.database(rules);
        self.problems
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(rules.id())
            .cloned()
    }

    fn hint(&self, game: &Game, time_ms: u64) -> Hint {
        let rules = game.rules();
        if let Some(db) = self.database(rules)
            && let Some(moves) = db.best_moves(game.position()).filter(|m| !m.is_empty())
        {
            let start = game.position();
            let value = db
                .eval(start)
                .map(|eval| ValueUnit::proven(rules, perfect::ai_value(&db, start, eval)));
            // Starts with `moves[0]`: the line takes the first best move.
            let line = perfect::principal_line(&db, game, HINT_LINE);
            return Hint {
                mv: move_label(rules, moves[0]),
                value,
                perfect: true,
                line: line.iter().map(|&m| move_label(rules, m)).collect(),
                depth: None,
            };
        }
        let mut player =
            AlphaBetaPlayer::with_table(Budget::millis(time_ms.max(1)).with_depth_cap(), TT_BITS);
        let choice = player.choose(game);
        Hint {
            mv: move_label(rules, choice.mv),
            value: choice.value.map(|v| ValueUnit::of(rules, v)),
            perfect: false,
            line: choice.pv.iter().map(|&m| move_label(rules, m)).collect(),
            depth: choice.depth,
        }
    }
}

/// The longest line of perfect play a hint shows, in plies.
const HINT_LINE: usize = 12;

trait DepthCap {
    fn with_depth_cap(self) -> Self;
}

impl DepthCap for Budget {
    /// Hints need no more than 30 plies: deeper searches only burn the time.
    fn with_depth_cap(self) -> Budget {
        Budget {
            depth: Some(30),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An opponent that is not offered is named by its
    /// spec, not in Rust debug text (`AlphaBeta(Budget { depth: ... })`).
    #[test]
    fn opponents_not_offered_are_named_by_their_spec() {
        let err = ai_level_of("alphabeta:depth=60").unwrap_err();
        assert!(
            err.starts_with("alphabeta:depth=60 is not offered here"),
            "{err}"
        );
        assert!(!err.contains("Budget"), "{err}");
    }

    /// A corrupt database in the data directory is
    /// reported with its reason, not as no database at all.
    #[test]
    fn a_database_that_cannot_be_used_says_why() {
        let dir = std::env::temp_dir().join(format!("mancala-web-bad-db-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let rules = Rules::builtin("tihbat").unwrap();
        std::fs::write(
            dir.join(mancala_solver::default_file_name(&rules)),
            b"MNCLADB\nnot really",
        )
        .unwrap();
        let ai = MancalaAi::with_database_dirs(vec![dir.clone()]);
        assert!(!ai.perfect_available(&rules));
        let problem = ai.perfect_problem(&rules).expect("a reason");
        assert!(
            problem.contains("tihbat.mdb cannot be used")
                && problem.contains("not a mancala database"),
            "{problem}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
