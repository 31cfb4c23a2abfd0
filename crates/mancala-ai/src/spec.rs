//! Player specs: the one syntax every command uses to name a player.
//!
//! | spec | player |
//! | --- | --- |
//! | `human` | a person (no machine player: [`PlayerSpec::build`] gives `None`) |
//! | `random` | uniformly random legal moves |
//! | `greedy` | the best immediate result |
//! | `alphabeta:depth=N` | alpha-beta to N plies |
//! | `alphabeta:ms=N` | alpha-beta for N milliseconds a move |
//! | `alphabeta:nodes=N` | alpha-beta for N nodes a move |
//! | `alphabeta:ms=N,threads=T` | alpha-beta for N milliseconds a move on T threads |
//! | `mcts:playouts=N` | UCT with N random playouts a move |
//! | `mcts:ms=N` | UCT for N milliseconds a move |
//! | `ai:K` | a strength level, K = 1 (weakest) to 9 (see [`ai_level`]) |
//! | `perfect` | perfect play from the game's solved database (see [`crate::perfect`]) |
//! | `perfect:db=FILE` | perfect play from this database file |
//! | `perfect:nodes=N` | proof searches above a partial win/loss/draw database visit N positions a move |
//!
//! Options may be combined with commas: `alphabeta:depth=12,ms=500` (the
//! first limit reached stops), `mcts:playouts=4000,trees=2`,
//! `perfect:nodes=100000,db=FILE` (`db=` takes the rest of the spec, commas
//! included, so it comes last).
//!
//! A `perfect` player needs the rules to find its database:
//! [`PlayerSpec::try_build`] opens it, and fails with a message naming the
//! command that builds it (`mancala solve GAME`) when there is none.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mancala_core::{Game, Rules};
use serde::{Serialize, Serializer};

use crate::database::{DatabaseError, open_database};
use crate::mcts::{MAX_TREES, MctsBudget};
use crate::perfect::{DEFAULT_PROOF_NODES, PerfectPlayer};
pub use crate::players::DEFAULT_MOVE_MS;
use crate::players::{
    AlphaBetaPlayer, Choice, GreedyPlayer, MctsPlayer, Player, RandomPlayer, alphabeta_name,
};
use crate::search::{Budget, MAX_DEPTH, MAX_THREADS};

/// The valid forms, for error messages.
pub const VALID_FORMS: &str = "human, random, greedy, alphabeta:depth=N, alphabeta:ms=N, alphabeta:nodes=N, \
     alphabeta:ms=N,threads=T, \
     mcts:playouts=N, mcts:ms=N, ai:K (K = 1..9), perfect, perfect:db=FILE";

/// A parsed player spec. Its `Display` is the canonical spec string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// A person.
    Human,
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
    /// [`AlphaBetaPlayer`] with this budget.
    AlphaBeta(Budget),
    /// [`MctsPlayer`] with this budget.
    Mcts(MctsBudget),
    /// A strength level 1..=9 (see [`ai_level`]).
    Ai(u8),
    /// [`PerfectPlayer`]: perfect play from a solved database.
    Perfect(PerfectSpec),
}

/// Where a `perfect` player finds its database, and its proof budget.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerfectSpec {
    /// The database file (`perfect:db=FILE`); `None`: the game's database in
    /// the default data directory ([`mancala_solver::find_database`]).
    pub db: Option<PathBuf>,
    /// Positions a proof search above a partial win/loss/draw database may
    /// visit per move (`perfect:nodes=N`); `None`: [`DEFAULT_PROOF_NODES`].
    pub nodes: Option<u64>,
}

/// Why a player spec was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// Not a player this program knows.
    #[error("unknown player {given:?}; valid players: {VALID_FORMS}")]
    Unknown {
        /// What was given.
        given: String,
    },
    /// A known player with options that are wrong.
    #[error("player {given:?}: {reason}; valid players: {VALID_FORMS}")]
    BadOption {
        /// What was given.
        given: String,
        /// What is wrong.
        reason: String,
    },
    /// `perfect` without a usable database for the game.
    #[error(transparent)]
    Database(#[from] DatabaseError),
}

/// Parses a player spec (see the [module docs](self)).
///
/// ```
/// use mancala_ai::{parse_player_spec, Budget, PlayerSpec};
/// assert_eq!(parse_player_spec("alphabeta:depth=8")?, PlayerSpec::AlphaBeta(Budget::depth(8)));
/// assert_eq!(parse_player_spec("ai:6")?.to_string(), "ai:6");
/// assert!(parse_player_spec("chess").unwrap_err().to_string().contains("alphabeta:depth=N"));
/// # Ok::<(), mancala_ai::SpecError>(())
/// ```
pub fn parse_player_spec(s: &str) -> Result<PlayerSpec, SpecError> {
    let given = s.trim();
    let (kind, options) = match given.split_once(':') {
        Some((k, o)) => (k, Some(o)),
        None => (given, None),
    };
    let bad = |reason: String| SpecError::BadOption {
        given: given.to_string(),
        reason,
    };
    let no_options = |spec: PlayerSpec| match options {
        None => Ok(spec),
        Some(_) => Err(bad(format!("{kind} takes no options"))),
    };
    match kind.to_ascii_lowercase().as_str() {
        "human" => no_options(PlayerSpec::Human),
        "random" => no_options(PlayerSpec::Random),
        "greedy" => no_options(PlayerSpec::Greedy),
        "perfect" => {
            let mut spec = PerfectSpec::default();
            let Some(options) = options else {
                return Ok(PlayerSpec::Perfect(spec));
            };
            let mut rest = options.trim();
            while !rest.is_empty() {
                let (key, value, tail) = match rest.split_once('=') {
                    Some((key, after)) if key.trim() == "db" => (key.trim(), after.trim(), ""),
                    Some((key, after)) => {
                        let (value, tail) = after.split_once(',').unwrap_or((after, ""));
                        (key.trim(), value.trim(), tail.trim())
                    }
                    None => return Err(bad(format!("{rest:?} is not key=value"))),
                };
                match key {
                    "db" if !value.is_empty() => spec.db = Some(PathBuf::from(value)),
                    "db" => return Err(bad("db= needs a database file".to_string())),
                    "nodes" => spec.nodes = Some(positive(key, value, &bad)?),
                    _ => {
                        return Err(bad(format!(
                            "unknown option {key:?} (perfect takes nodes, db)"
                        )));
                    }
                }
                rest = tail;
            }
            Ok(PlayerSpec::Perfect(spec))
        }
        "alphabeta" | "ab" => {
            let mut budget = Budget::default();
            for (key, value) in key_values(
                options,
                &bad,
                "alphabeta needs a budget: depth=N, ms=N or nodes=N",
            )? {
                match key {
                    "depth" => {
                        let d = number(key, value, &bad)?;
                        if d == 0 || d > MAX_DEPTH as u64 {
                            return Err(bad(format!("depth must be 1..={MAX_DEPTH}")));
                        }
                        budget.depth = Some(d as u32);
                    }
                    "ms" => budget.millis = Some(positive(key, value, &bad)?),
                    "nodes" => budget.nodes = Some(positive(key, value, &bad)?),
                    "threads" => {
                        let t = positive(key, value, &bad)?;
                        if t > MAX_THREADS as u64 {
                            return Err(bad(format!("threads must be 1..={MAX_THREADS}")));
                        }
                        budget.threads = Some(t as u32);
                    }
                    _ => {
                        return Err(bad(format!(
                            "unknown option {key:?} (alphabeta takes depth, ms, nodes, threads)"
                        )));
                    }
                }
            }
            Ok(PlayerSpec::AlphaBeta(budget))
        }
        "mcts" => {
            let mut budget = MctsBudget {
                playouts: None,
                millis: None,
                trees: None,
            };
            for (key, value) in
                key_values(options, &bad, "mcts needs a budget: playouts=N or ms=N")?
            {
                match key {
                    "playouts" => budget.playouts = Some(positive(key, value, &bad)?),
                    "ms" => budget.millis = Some(positive(key, value, &bad)?),
                    "trees" => {
                        let trees = positive(key, value, &bad)?;
                        if trees > MAX_TREES as u64 {
                            return Err(bad(format!(
                                "trees={trees}: at most {MAX_TREES} trees (each may grow to about 96 MB)"
                            )));
                        }
                        budget.trees = Some(trees as usize);
                    }
                    _ => {
                        return Err(bad(format!(
                            "unknown option {key:?} (mcts takes playouts, ms, trees)"
                        )));
                    }
                }
            }
            if budget.playouts.is_none() && budget.millis.is_none() {
                return Err(bad("mcts needs a budget: playouts=N or ms=N".to_string()));
            }
            Ok(PlayerSpec::Mcts(budget))
        }
        "ai" => {
            let level = options.ok_or_else(|| bad("ai needs a level, ai:1 to ai:9".to_string()))?;
            match level.trim().parse::<u8>() {
                Ok(k @ 1..=9) => Ok(PlayerSpec::Ai(k)),
                _ => Err(bad(format!(
                    "{level:?} is not a level; levels are ai:1 (weakest) to ai:9"
                ))),
            }
        }
        _ => Err(SpecError::Unknown {
            given: given.to_string(),
        }),
    }
}

/// Splits `k=v,k=v`, requiring at least one pair.
fn key_values<'a>(
    options: Option<&'a str>,
    bad: &impl Fn(String) -> SpecError,
    missing: &str,
) -> Result<Vec<(&'a str, &'a str)>, SpecError> {
    let options = options
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .ok_or_else(|| bad(missing.to_string()))?;
    options
        .split(',')
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| bad(format!("{kv:?} is not key=value")))
        })
        .collect()
}

fn number(key: &str, value: &str, bad: &impl Fn(String) -> SpecError) -> Result<u64, SpecError> {
    mancala_core::notation::parse_whole(value, u64::MAX)
        .map_err(|reason| bad(format!("{key}={value}: {reason}")))
}

fn positive(key: &str, value: &str, bad: &impl Fn(String) -> SpecError) -> Result<u64, SpecError> {
    match number(key, value, bad)? {
        0 => Err(bad(format!("{key} must be at least 1"))),
        n => Ok(n),
    }
}

/// What level `ai:K` plays, given the time per move `time_ms`:
///
/// | level | player |
/// | --- | --- |
/// | `ai:1` | `random` |
/// | `ai:2` | `greedy` |
/// | `ai:3` | `alphabeta:depth=2` |
/// | `ai:4` | `alphabeta:depth=4` |
/// | `ai:5` | `alphabeta:depth=7` |
/// | `ai:6` | `alphabeta:depth=12` |
/// | `ai:7` | `alphabeta:ms=time/8,threads=auto` |
/// | `ai:8` | `alphabeta:ms=time/3,threads=auto` |
/// | `ai:9` | `alphabeta:ms=time,threads=auto` (the whole time per move) |
///
/// Levels 7 to 9 search on [`auto_threads`] threads. Levels 3 to 6 search to a fixed depth (so they play the same moves on
/// any machine) but never longer than the time per move: on a slow machine
/// or in a game with costly moves, the time limit may cut them short.
///
/// # Panics
/// If `level` is not 1..=9.
pub fn ai_level(level: u8, time_ms: u64) -> PlayerSpec {
    let time_ms = time_ms.max(1);
    match level {
        1 => PlayerSpec::Random,
        2 => PlayerSpec::Greedy,
        3..=6 => {
            let depth = [2, 4, 7, 12][level as usize - 3];
            PlayerSpec::AlphaBeta(Budget::depth(depth).with_millis(time_ms))
        }
        7 => timed((time_ms / 8).max(1)),
        8 => timed((time_ms / 3).max(1)),
        9 => timed(time_ms),
        _ => panic!("ai levels are 1..=9, not {level}"),
    }
}

/// A timed level's search: `ms` a move on [`auto_threads`] threads.
fn timed(ms: u64) -> PlayerSpec {
    PlayerSpec::AlphaBeta(Budget::millis(ms).with_threads(auto_threads()))
}

/// The threads of the timed levels `ai:7` to `ai:9`: `MANCALA_THREADS` when
/// it is set to a number from 1 to [`MAX_THREADS`], else the cores this
/// process may run on, at most two (a process pinned to one core, as by
/// `taskset -c 0`, searches on one thread).
pub fn auto_threads() -> u32 {
    static THREADS: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(2) as u32);
        match std::env::var("MANCALA_THREADS") {
            Err(_) => cores,
            Ok(text) => match text.trim().parse::<u32>() {
                Ok(t) if (1..=MAX_THREADS).contains(&t) => t,
                _ => {
                    eprintln!(
                        "warning: MANCALA_THREADS={text:?} is not a number from 1 to {MAX_THREADS}; using {cores}"
                    );
                    cores
                }
            },
        }
    })
}

impl PlayerSpec {
    /// Whether this is a person.
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSpec::Human)
    }

    /// Whether the player's moves depend only on the game and the seed (no
    /// time limit). Levels `ai:1` to `ai:6` count as deterministic: their
    /// time limit is only a safety net.
    pub fn is_deterministic(&self) -> bool {
        match self {
            PlayerSpec::Human => false,
            PlayerSpec::Random | PlayerSpec::Greedy => true,
            PlayerSpec::AlphaBeta(b) => b.millis.is_none(),
            PlayerSpec::Mcts(b) => b.millis.is_none(),
            PlayerSpec::Ai(k) => *k <= 6,
            // Proofs have a node budget; only the fallback of a partial
            // margin database has a time limit, as ai:6's safety net.
            PlayerSpec::Perfect(_) => true,
        }
    }

    /// Whether this is `perfect`, which needs a solved database.
    pub fn is_perfect(&self) -> bool {
        matches!(self, PlayerSpec::Perfect(_))
    }

    /// Builds the machine player for a game of `rules`, seeded with `seed`;
    /// `time_ms` is the time per move of the `ai:K` levels
    /// ([`DEFAULT_MOVE_MS`] is the usual default). `Ok(None)` for `human`.
    ///
    /// # Errors
    /// For `perfect`, when the game's database is missing
    /// ([`DatabaseError::Missing`], naming the command that builds it) or
    /// cannot be used ([`DatabaseError::Unusable`]).
    pub fn try_build(
        &self,
        rules: &Rules,
        seed: u64,
        time_ms: u64,
    ) -> Result<Option<Box<dyn Player>>, SpecError> {
        match self {
            PlayerSpec::Perfect(p) => {
                let db = open_database(rules, p.db.as_deref())?;
                let player = PerfectPlayer::new(db, seed)
                    .with_proof_nodes(p.nodes.unwrap_or(DEFAULT_PROOF_NODES))
                    .with_time(time_ms)
                    .named(self.to_string());
                Ok(Some(Box::new(player)))
            }
            _ => Ok(self.build(seed, time_ms)),
        }
    }

    /// Builds the machine player, seeded with `seed`; `time_ms` is the time
    /// per move of the `ai:K` levels ([`DEFAULT_MOVE_MS`] is the usual
    /// default). `None` for `human`.
    ///
    /// A `perfect` player built this way does not know its game yet: it
    /// opens its database at its first move, and panics there if it cannot.
    /// Prefer [`PlayerSpec::try_build`], which reports that as an error.
    pub fn build(&self, seed: u64, time_ms: u64) -> Option<Box<dyn Player>> {
        Some(match self {
            PlayerSpec::Human => return None,
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerSpec::AlphaBeta(budget) => Box::new(AlphaBetaPlayer::new(*budget)),
            PlayerSpec::Mcts(budget) => Box::new(MctsPlayer::new(*budget, seed)),
            PlayerSpec::Ai(k) => {
                // The timed levels, made for playing people, also set traps
                // when they cannot win (see AlphaBetaPlayer::swindling), and
                // have the data they read built on first use.
                // They do not play from the opening book: Oware's lost
                // games to the plain search (docs/ai.md, "Opening book").
                if let PlayerSpec::AlphaBeta(budget) = ai_level(*k, time_ms)
                    && *k >= 7
                {
                    return Some(Box::new(
                        AlphaBetaPlayer::new(budget)
                            .swindling()
                            .preparing_data()
                            .named(self.to_string()),
                    ));
                }
                let inner = ai_level(*k, time_ms)
                    .build(seed, time_ms)
                    .expect("levels are machines");
                Box::new(Named {
                    name: self.to_string(),
                    inner,
                })
            }
            PlayerSpec::Perfect(_) => Box::new(LazyPerfect {
                spec: self.clone(),
                seed,
                time_ms,
                inner: None,
                stop: None,
            }),
        })
    }
}

/// A `perfect` player built without its rules: opens the database at the
/// first move.
struct LazyPerfect {
    spec: PlayerSpec,
    seed: u64,
    time_ms: u64,
    inner: Option<Box<dyn Player>>,
    stop: Option<Arc<AtomicBool>>,
}

impl Player for LazyPerfect {
    fn name(&self) -> String {
        self.spec.to_string()
    }
    fn choose(&mut self, game: &Game) -> Choice {
        if self.inner.is_none() {
            let player = self
                .spec
                .try_build(game.rules(), self.seed, self.time_ms)
                .unwrap_or_else(|e| panic!("{e}"))
                .expect("perfect is a machine");
            self.inner = Some(player);
            if let (Some(inner), Some(stop)) = (&mut self.inner, &self.stop) {
                inner.set_stop(stop.clone());
            }
        }
        self.inner.as_mut().expect("built above").choose(game)
    }
    fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        if let Some(inner) = &mut self.inner {
            inner.set_stop(stop.clone());
        }
        self.stop = Some(stop);
    }
}

/// A player under another name (`ai:K` levels).
struct Named {
    name: String,
    inner: Box<dyn Player>,
}

impl Player for Named {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn choose(&mut self, game: &Game) -> Choice {
        self.inner.choose(game)
    }
    fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.inner.set_stop(stop);
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Human => f.write_str("human"),
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::AlphaBeta(b) => f.write_str(&alphabeta_name(b)),
            PlayerSpec::Mcts(b) => {
                let mut parts = Vec::new();
                if let Some(p) = b.playouts {
                    parts.push(format!("playouts={p}"));
                }
                if let Some(ms) = b.millis {
                    parts.push(format!("ms={ms}"));
                }
                if let Some(t) = b.trees {
                    parts.push(format!("trees={t}"));
                }
                write!(f, "mcts:{}", parts.join(","))
            }
            PlayerSpec::Ai(k) => write!(f, "ai:{k}"),
            PlayerSpec::Perfect(p) => {
                f.write_str("perfect")?;
                let mut parts = Vec::new();
                if let Some(n) = p.nodes {
                    parts.push(format!("nodes={n}"));
                }
                if let Some(db) = &p.db {
                    parts.push(format!("db={}", db.display()));
                }
                if !parts.is_empty() {
                    write!(f, ":{}", parts.join(","))?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_player_spec(s)
    }
}

impl Serialize for PlayerSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_specs_parse_and_round_trip() {
        let cases = [
            ("human", PlayerSpec::Human),
            ("random", PlayerSpec::Random),
            ("greedy", PlayerSpec::Greedy),
            ("alphabeta:depth=8", PlayerSpec::AlphaBeta(Budget::depth(8))),
            (
                "alphabeta:ms=250",
                PlayerSpec::AlphaBeta(Budget::millis(250)),
            ),
            (
                "alphabeta:nodes=10000",
                PlayerSpec::AlphaBeta(Budget::nodes(10_000)),
            ),
            (
                "alphabeta:depth=12,ms=500",
                PlayerSpec::AlphaBeta(Budget::depth(12).with_millis(500)),
            ),
            (
                "mcts:playouts=500",
                PlayerSpec::Mcts(MctsBudget {
                    playouts: Some(500),
                    millis: None,
                    trees: None,
                }),
            ),
            (
                "mcts:ms=100",
                PlayerSpec::Mcts(MctsBudget {
                    playouts: None,
                    millis: Some(100),
                    trees: None,
                }),
            ),
            (
                "mcts:playouts=400,trees=2",
                PlayerSpec::Mcts(MctsBudget {
                    playouts: Some(400),
                    millis: None,
                    trees: Some(2),
                }),
            ),
            (
                "alphabeta:ms=250,threads=2",
                PlayerSpec::AlphaBeta(Budget::millis(250).with_threads(2)),
            ),
            ("ai:1", PlayerSpec::Ai(1)),
            ("ai:9", PlayerSpec::Ai(9)),
            ("perfect", PlayerSpec::Perfect(PerfectSpec::default())),
            (
                "perfect:db=/tmp/a,b.mdb",
                PlayerSpec::Perfect(PerfectSpec {
                    db: Some("/tmp/a,b.mdb".into()),
                    nodes: None,
                }),
            ),
            (
                "perfect:nodes=5000,db=x.mdb",
                PlayerSpec::Perfect(PerfectSpec {
                    db: Some("x.mdb".into()),
                    nodes: Some(5000),
                }),
            ),
        ];
        for (text, spec) in cases {
            assert_eq!(parse_player_spec(text), Ok(spec.clone()), "{text}");
            assert_eq!(spec.to_string(), text);
            assert_eq!(text.parse::<PlayerSpec>(), Ok(spec));
        }
        assert_eq!(parse_player_spec(" Greedy "), Ok(PlayerSpec::Greedy));
    }

    #[test]
    fn invalid_specs_are_explained() {
        for bad in [
            "chess",
            "",
            "alphabeta",
            "alphabeta:",
            "alphabeta:depth=0",
            "alphabeta:depth=x",
            "alphabeta:speed=3",
            "alphabeta:depth",
            "mcts",
            "mcts:trees=2",
            "mcts:playouts=10,trees=100000",
            "mcts:playouts=10,trees=18446744073709551616",
            "mcts:playouts=0",
            "alphabeta:ms=5,threads=0",
            "alphabeta:ms=5,threads=65",
            "ai",
            "ai:0",
            "ai:10",
            "ai:x",
            "random:3",
            "human:1",
            "perfect:db=",
            "perfect:nodes=0",
            "perfect:depth=3",
            "perfect:x",
        ] {
            let err = parse_player_spec(bad).unwrap_err();
            let text = err.to_string();
            assert!(
                text.contains("alphabeta:depth=N") && text.contains("ai:K"),
                "{bad}: {text}"
            );
        }
    }

    /// `trees` sizes memory (each tree reserves room up
    /// front and may grow to 96 MB), so it is bounded, and the refusal names
    /// the limit.
    #[test]
    fn tree_counts_are_bounded() {
        let err = parse_player_spec("mcts:playouts=10,trees=100000")
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("at most {MAX_TREES} trees")), "{err}");
        let most = format!("mcts:playouts=10,trees={MAX_TREES}");
        assert!(parse_player_spec(&most).is_ok());
    }

    #[test]
    fn perfect_without_a_database_names_the_command_that_builds_it() {
        let rules = Rules::builtin("tihbat").unwrap();
        let dir = std::env::temp_dir().join(format!("mancala-ai-no-db-{}", std::process::id()));
        let spec = PlayerSpec::Perfect(PerfectSpec {
            db: Some(dir.join("tihbat.mdb")),
            nodes: None,
        });
        let err = spec
            .try_build(&rules, 1, 100)
            .err()
            .expect("no database there");
        assert!(
            matches!(err, SpecError::Database(DatabaseError::Unusable { .. })),
            "{err}"
        );
        let err = DatabaseError::Missing {
            game: "Tihbat".into(),
            looked: Some(dir.join("tihbat.mdb")),
            command: "mancala solve tihbat".into(),
        };
        let text = err.to_string();
        assert!(
            text.contains("perfect play needs a solved database of Tihbat")
                && text.contains("`mancala solve tihbat`"),
            "{text}"
        );
    }

    #[test]
    fn build_gives_players_named_by_their_spec() {
        assert!(PlayerSpec::Human.build(1, 100).is_none());
        for text in [
            "random",
            "greedy",
            "alphabeta:depth=3",
            "mcts:playouts=50",
            "ai:4",
            "ai:9",
        ] {
            let spec = parse_player_spec(text).unwrap();
            let player = spec.build(1, 100).unwrap();
            assert_eq!(player.name(), text);
        }
        for k in 1..=9 {
            assert!(ai_level(k, 1000).build(0, 1000).is_some());
        }
    }
}
