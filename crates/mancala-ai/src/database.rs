//! A game's solved database, as the players use it: found in the data
//! directory ([`mancala_solver::find_database`]) or named as a file, opened
//! (checksum checked) once per process and shared by every player.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use mancala_core::Rules;
use mancala_solver::Database;

/// Why a game's database cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    /// No database for the game.
    #[error(
        "perfect play needs a solved database of {game}, and there is none{}; build it with `{command}` \
         (or name a database file with perfect:db=FILE)",
        .looked.as_ref().map_or(" (no data directory: set MANCALA_DATA)".to_string(), |p| format!(" at {}", p.display()))
    )]
    Missing {
        /// The game's name.
        game: String,
        /// Where the database was looked for (`None`: no data directory).
        looked: Option<PathBuf>,
        /// The command that builds it, e.g. `mancala solve tihbat`.
        command: String,
    },
    /// A database that cannot be used.
    #[error("perfect play: cannot use the database: {reason}")]
    Unusable {
        /// The file.
        path: PathBuf,
        /// Why (damaged, built for other rules, ...), naming the file.
        reason: String,
    },
}

/// Opened databases, by file and rules, shared by every player.
type Cache = Mutex<HashMap<(PathBuf, [u8; 32], u64, Option<SystemTime>), Arc<Database>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

/// The command that builds the database of `rules`.
fn solve_command(rules: &Rules) -> String {
    if Rules::builtin_ids().any(|id| id == rules.id()) {
        format!("mancala solve {}", rules.id())
    } else {
        "mancala solve RULE_FILE".to_string()
    }
}

/// Opens the database of `rules`: the file `path`, or the game's database in
/// the default data directory ([`mancala_solver::find_database`]). The file
/// is opened once per process (again if it changes on disk) and shared.
///
/// # Errors
/// [`DatabaseError::Missing`] when there is none (the message names the
/// command that builds it), [`DatabaseError::Unusable`] when the file cannot be
/// used (damaged, other rules, ...).
pub fn open_database(rules: &Rules, path: Option<&Path>) -> Result<Arc<Database>, DatabaseError> {
    let path = match path {
        Some(p) => p.to_path_buf(),
        None => match mancala_solver::find_database(rules) {
            Some(p) => p,
            None => {
                return Err(DatabaseError::Missing {
                    game: rules.name().to_string(),
                    looked: mancala_solver::default_path(rules),
                    command: solve_command(rules),
                });
            }
        },
    };
    let meta = std::fs::metadata(&path).ok();
    let key = (
        path.clone(),
        mancala_solver::rules_hash(rules),
        meta.as_ref().map_or(0, |m| m.len()),
        meta.and_then(|m| m.modified().ok()),
    );
    let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = cache.get(&key) {
        return Ok(db.clone());
    }
    let db = Database::open(&path, rules).map_err(|e| DatabaseError::Unusable {
        path: path.clone(),
        reason: e.to_string(),
    })?;
    let db = Arc::new(db);
    cache.insert(key, db.clone());
    Ok(db)
}
