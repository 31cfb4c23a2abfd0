//! Matches between two machine players, with statistics.
//!
//! Player 1 is the player given as South; with `swap` the players change
//! sides every game (player 1 is North in the odd-numbered games), and the
//! two games of each pair start from the same random opening, so that
//! neither player gets the better openings by luck.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use mancala_core::notation::format_record;
use mancala_core::{Game, Rules, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use serde::Serialize;

use crate::spec::{DEFAULT_MOVE_MS, PlayerSpec, SpecError};

/// A game still going after this many plies is stopped and called a draw:
/// the rule engine's limit, [`mancala_core::MAX_GAME_PLIES`] (only rule
/// files without a repetition rule can go on for ever).
pub const MAX_MATCH_PLIES: u32 = mancala_core::MAX_GAME_PLIES;

/// Games played in parallel between two looks at the results: the most
/// records a match holds at once, whatever its number of games.
const BATCH: usize = 256;

/// Distinct games counted at most (a hash of each game's moves is kept):
/// beyond this the count is a lower bound.
const MAX_DISTINCT_COUNTED: usize = 1 << 22;

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchSettings {
    /// Games to play.
    pub games: usize,
    /// Change sides every game.
    pub swap: bool,
    /// Random plies played before the players take over (the same for the
    /// two games of a pair when swapping).
    pub random_openings: usize,
    /// The seed of the openings and of every player.
    pub seed: u64,
    /// Time per move of the `ai:K` levels, in milliseconds.
    pub time_ms: u64,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            games: 2,
            swap: true,
            random_openings: 0,
            seed: 0,
            time_ms: DEFAULT_MOVE_MS,
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameRecord {
    /// 0-based number of the game in the match.
    pub index: usize,
    /// The side player 1 played.
    pub player1_side: Side,
    /// The spec of South's player.
    pub south: String,
    /// The spec of North's player.
    pub north: String,
    /// Plies of random opening at the start of `moves`.
    pub opening_plies: usize,
    /// The game record (labels, as `mancala_core::notation::format_record`).
    pub moves: String,
    /// Plies played.
    pub plies: u32,
    /// `"south"`, `"north"` or `"draw"`.
    pub winner: String,
    /// `"win"`, `"draw"` or `"loss"`, for player 1.
    pub player1_result: String,
    /// Final scores, South first, in games won on seeds.
    pub score: Option<[f64; 2]>,
    /// Why the game ended.
    pub reason: String,
}

/// A match's games and statistics. Serialises with keys `game`, `player1`,
/// `player2`, `games`, `player1_wins`, `player2_wins`, `draws`,
/// `south_wins`, `north_wins`, `mean_plies`, `longest_plies`,
/// `longest_game`, `player1_win_rate`, `player1_win_rate_ci`,
/// `player1_score`, `player1_score_ci`, `distinct_games`, `interrupted`.
///
/// The games themselves are not kept: [`play_match`] hands each one to its
/// caller as it ends, so a match of any length runs in bounded memory.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// The game's id.
    pub game: String,
    /// Player 1's spec (given as South).
    pub player1: String,
    /// Player 2's spec.
    pub player2: String,
    /// Games played.
    pub games: usize,
    /// Games player 1 won, whichever side it played.
    pub player1_wins: usize,
    /// Games player 2 won.
    pub player2_wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games South won.
    pub south_wins: usize,
    /// Games North won.
    pub north_wins: usize,
    /// Mean game length in plies.
    pub mean_plies: f64,
    /// The longest game's length in plies.
    pub longest_plies: u32,
    /// The longest game's index.
    pub longest_game: Option<usize>,
    /// Player 1's share of wins.
    pub player1_win_rate: f64,
    /// 95% Wilson score interval of player 1's win rate.
    pub player1_win_rate_ci: [f64; 2],
    /// Player 1's score: (wins + draws / 2) / games.
    pub player1_score: f64,
    /// 95% Wilson score interval of player 1's score.
    pub player1_score_ci: [f64; 2],
    /// How many games differ in their moves (a lower bound when
    /// `distinct_games_exact` is false).
    pub distinct_games: usize,
    /// Whether `distinct_games` counted every game (matches of more than
    /// about four million games count only the first ones).
    #[serde(skip)]
    pub distinct_games_exact: bool,
    /// Whether the match was stopped before all its games were played.
    pub interrupted: bool,
}

/// Why a match cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// A match needs two machine players.
    #[error("a match is between machine players; {0} is human")]
    Human(String),
    /// A player cannot be built (`perfect` without a database).
    #[error(transparent)]
    Player(#[from] SpecError),
}

/// Plays a match of `settings.games` games between `south` (player 1) and
/// `north` (player 2) and reports the statistics. `on_game` is called once
/// per finished game, in the order of the games, as soon as it is known:
/// the games are not kept, so a match needs the same memory whatever its
/// length.
///
/// When both players are deterministic (no time limit) the games run in
/// parallel (a batch at a time) and the report is the same on every run with
/// the same seed; otherwise they run one after the other, so that timed
/// players get the machine to themselves.
///
/// ```
/// use mancala_ai::{play_match, MatchSettings, PlayerSpec};
/// use mancala_core::Rules;
/// let rules = Rules::builtin("modiar").unwrap();
/// let settings = MatchSettings { games: 4, swap: true, random_openings: 2, seed: 1, ..Default::default() };
/// let report = play_match(&rules, &PlayerSpec::Greedy, &PlayerSpec::Random, &settings, &mut |_| {}).unwrap();
/// assert_eq!(report.games, 4);
/// assert_eq!(report.player1_wins + report.player2_wins + report.draws, 4);
/// ```
pub fn play_match(
    rules: &Rules,
    south: &PlayerSpec,
    north: &PlayerSpec,
    settings: &MatchSettings,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    play_match_until(
        rules,
        south,
        north,
        settings,
        &AtomicBool::new(false),
        on_game,
    )
}

/// [`play_match`], stopping early once `stop` is set (by a Ctrl-C handler):
/// the games under way are finished and reported, no other game starts,
/// and the report (marked `interrupted`) counts the games played.
pub fn play_match_until(
    rules: &Rules,
    south: &PlayerSpec,
    north: &PlayerSpec,
    settings: &MatchSettings,
    stop: &AtomicBool,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    run_match(rules, (south, north), settings, stop, None, on_game)
}

/// [`play_match`], ending at once when `cancel` is set (by another thread:
/// a user's Ctrl-C): the players' searches under way end, the games under
/// way are abandoned (neither reported nor counted), and the report
/// (marked `interrupted`) counts the games finished before.
pub fn play_match_cancellable(
    rules: &Rules,
    south: &PlayerSpec,
    north: &PlayerSpec,
    settings: &MatchSettings,
    cancel: &Arc<AtomicBool>,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    run_match(
        rules,
        (south, north),
        settings,
        cancel,
        Some(cancel),
        on_game,
    )
}

/// Plays the match until `stop`; `cancel` also ends the games under way.
fn run_match(
    rules: &Rules,
    (south, north): (&PlayerSpec, &PlayerSpec),
    settings: &MatchSettings,
    stop: &AtomicBool,
    cancel: Option<&Arc<AtomicBool>>,
    on_game: &mut dyn FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    for spec in [south, north] {
        if spec.is_human() {
            return Err(MatchError::Human(spec.to_string()));
        }
        if spec.is_perfect() {
            // Finds (and opens, once for the whole match) the database.
            spec.try_build(rules, settings.seed, settings.time_ms)?;
        }
    }
    let rules = Arc::new(rules.clone());
    let play = |index: usize| play_one(&rules, south, north, settings, index, cancel);
    let parallel = south.is_deterministic() && north.is_deterministic();
    let mut tally = Tally::default();
    let mut played = 0;
    let mut next = 0;
    while next < settings.games && !stop.load(Ordering::Relaxed) {
        let end = if parallel {
            settings.games.min(next + BATCH)
        } else {
            next + 1
        };
        let batch: Vec<GameRecord> = if parallel {
            (next..end).into_par_iter().filter_map(play).collect()
        } else {
            play(next).into_iter().collect()
        };
        for record in &batch {
            tally.add(record);
            on_game(record);
        }
        played += batch.len();
        next = end;
    }
    Ok(tally.report(rules.id(), south, north, played < settings.games))
}

/// Mixes numbers into a seed (SplitMix64 finaliser).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b
        .wrapping_add(0x9E37_79B9_7F4A_7C15)
        .wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn play_one(
    rules: &Arc<Rules>,
    p1: &PlayerSpec,
    p2: &PlayerSpec,
    settings: &MatchSettings,
    index: usize,
    cancel: Option<&Arc<AtomicBool>>,
) -> Option<GameRecord> {
    let p1_north = settings.swap && index % 2 == 1;
    let (south_spec, north_spec) = if p1_north { (p2, p1) } else { (p1, p2) };
    let pair = if settings.swap { index / 2 } else { index };
    let mut game = opening(
        rules,
        settings.random_openings,
        mix(settings.seed, pair as u64),
    );
    let opening_plies = game.moves().len();
    let mut players = [(south_spec, Side::South), (north_spec, Side::North)].map(|(spec, side)| {
        let seed = mix(settings.seed, mix(index as u64, side.index() as u64 + 1));
        let mut player = spec
            .try_build(rules, seed, settings.time_ms)
            .expect("players were built before the match")
            .expect("humans were refused");
        if let Some(cancel) = cancel {
            player.set_stop(cancel.clone());
        }
        player
    });
    while !game.is_over() {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let side = game.position().to_move();
        let choice = players[side.index()].choose(&game);
        game.play(choice.mv).expect("players choose legal moves");
    }
    let o = game.outcome().expect("the game is over");
    let (winner, score, reason) = (
        o.winner,
        o.score.map(|s| s.map(|x| x.as_f64())),
        o.reason.describe().to_string(),
    );
    let p1_side = if p1_north { Side::North } else { Side::South };
    Some(GameRecord {
        index,
        player1_side: p1_side,
        south: south_spec.to_string(),
        north: north_spec.to_string(),
        opening_plies,
        moves: format_record(rules, game.moves()),
        plies: game.moves().len() as u32,
        winner: winner.map_or("draw", |w| w.as_str()).to_string(),
        player1_result: match winner {
            None => "draw",
            Some(w) if w == p1_side => "win",
            Some(_) => "loss",
        }
        .to_string(),
        score,
        reason,
    })
}

/// A game after `plies` random moves. Openings that end the game are drawn
/// again (up to a point: a game where every opening ends is played from
/// the last one tried).
fn opening(rules: &Arc<Rules>, plies: usize, seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(rules.clone());
    for _attempt in 0..100 {
        game.restart();
        for _ in 0..plies {
            if game.is_over() {
                break;
            }
            let n = game.legal_len();
            game.play_index(rng.random_range(0..n));
        }
        if !game.is_over() {
            break;
        }
    }
    if game.is_over() {
        game.restart();
    }
    game
}

/// The running statistics of a match: what the report needs, without the games.
#[derive(Default)]
struct Tally {
    games: usize,
    player1_wins: usize,
    player2_wins: usize,
    south_wins: usize,
    north_wins: usize,
    total_plies: u64,
    longest: Option<(u32, usize)>,
    distinct: std::collections::HashSet<u64>,
    distinct_saturated: bool,
}

impl Tally {
    fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        match r.player1_result.as_str() {
            "win" => self.player1_wins += 1,
            "loss" => self.player2_wins += 1,
            _ => {}
        }
        match r.winner.as_str() {
            "south" => self.south_wins += 1,
            "north" => self.north_wins += 1,
            _ => {}
        }
        self.total_plies += u64::from(r.plies);
        // The first of the longest games.
        if self.longest.is_none_or(|(plies, _)| r.plies > plies) {
            self.longest = Some((r.plies, r.index));
        }
        if self.distinct.len() < MAX_DISTINCT_COUNTED {
            use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
            self.distinct
                .insert(BuildHasherDefault::<DefaultHasher>::default().hash_one(&r.moves));
        } else {
            self.distinct_saturated = true;
        }
    }

    fn report(
        &self,
        game: &str,
        p1: &PlayerSpec,
        p2: &PlayerSpec,
        interrupted: bool,
    ) -> MatchReport {
        let n = self.games;
        let draws = n - self.player1_wins - self.player2_wins;
        let rate = |x: f64| if n > 0 { x / n as f64 } else { 0.0 };
        let score = self.player1_wins as f64 + draws as f64 / 2.0;
        MatchReport {
            game: game.to_string(),
            player1: p1.to_string(),
            player2: p2.to_string(),
            games: n,
            player1_wins: self.player1_wins,
            player2_wins: self.player2_wins,
            draws,
            south_wins: self.south_wins,
            north_wins: self.north_wins,
            mean_plies: rate(self.total_plies as f64),
            longest_plies: self.longest.map_or(0, |(plies, _)| plies),
            longest_game: self.longest.map(|(_, index)| index),
            player1_win_rate: rate(self.player1_wins as f64),
            player1_win_rate_ci: wilson(self.player1_wins as f64, n),
            player1_score: rate(score),
            player1_score_ci: wilson(score, n),
            distinct_games: self.distinct.len(),
            distinct_games_exact: !self.distinct_saturated,
            interrupted,
        }
    }
}

/// The 95% Wilson score interval of a proportion `successes / n` (`[0, 1]`
/// for no trials). Unlike the normal approximation it stays inside `[0, 1]`
/// and behaves at 0% and 100%.
pub fn wilson(successes: f64, n: usize) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = n as f64;
    let p = successes / n;
    let z2 = Z * Z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The header line of a match's CSV (see [`GameRecord::csv_row`]).
pub const CSV_HEADER: &str = "index,south,north,player1_side,winner,player1_result,score_south,score_north,plies,opening_plies,reason,moves\n";

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

impl GameRecord {
    /// The game as one CSV line (with its line break) under [`CSV_HEADER`]:
    /// `index, south, north, player1_side, winner, player1_result,
    /// score_south, score_north, plies, opening_plies, reason, moves`.
    pub fn csv_row(&self) -> String {
        let [s, n] = self
            .score
            .map_or([String::new(), String::new()], |s| s.map(|x| x.to_string()));
        format!(
            "{},{},{},{},{},{},{},{},{},{},\"{}\",\"{}\"\n",
            self.index,
            csv_field(&self.south),
            csv_field(&self.north),
            self.player1_side.as_str(),
            self.winner,
            self.player1_result,
            s,
            n,
            self.plies,
            self.opening_plies,
            self.reason.replace('"', "\"\""),
            self.moves
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Budget;

    #[test]
    fn wilson_interval() {
        let [lo, hi] = wilson(50.0, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0.0, 0), [0.0, 1.0]);
        let [lo, hi] = wilson(10.0, 10);
        assert!(lo > 0.72 && lo < 0.73 && hi > 0.9999, "{lo} {hi}");
    }

    #[test]
    fn matches_count_sides_and_players() {
        let rules = Rules::builtin("tihbat").unwrap();
        let settings = MatchSettings {
            games: 6,
            swap: true,
            random_openings: 2,
            seed: 9,
            time_ms: 100,
        };
        let mut records = Vec::new();
        let report = play_match(
            &rules,
            &PlayerSpec::Greedy,
            &PlayerSpec::Random,
            &settings,
            &mut |r| records.push(r.clone()),
        )
        .unwrap();
        assert_eq!(records.len(), 6);
        assert_eq!(
            records.iter().map(|r| r.index).collect::<Vec<_>>(),
            (0..6).collect::<Vec<_>>(),
            "in order"
        );
        assert_eq!(report.player1_wins + report.player2_wins + report.draws, 6);
        assert_eq!(report.south_wins + report.north_wins + report.draws, 6);
        for r in &records {
            let expect = if r.index % 2 == 1 {
                Side::North
            } else {
                Side::South
            };
            assert_eq!(r.player1_side, expect);
            // The record replays to the reported result.
            let game = Game::replay(rules.clone(), &r.moves).unwrap();
            let o = game.outcome().unwrap();
            assert_eq!(r.winner, o.winner.map_or("draw", |w| w.as_str()));
        }
        // Pairs share their opening.
        for pair in records.chunks(2) {
            let a: Vec<&str> = pair[0].moves.split(' ').take(2).collect();
            let b: Vec<&str> = pair[1].moves.split(' ').take(2).collect();
            assert_eq!(a, b);
        }
        // Deterministic players: the same report again.
        let again = play_match(
            &rules,
            &PlayerSpec::Greedy,
            &PlayerSpec::Random,
            &settings,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(report, again);
        assert!(!report.interrupted);
        assert!(report.distinct_games >= 1 && report.distinct_games <= 6);
    }

    #[test]
    fn humans_cannot_play_matches() {
        let rules = Rules::builtin("modiar").unwrap();
        let err = play_match(
            &rules,
            &PlayerSpec::Human,
            &PlayerSpec::Random,
            &MatchSettings::default(),
            &mut |_| {},
        );
        assert!(matches!(err, Err(MatchError::Human(_))));
    }

    /// Searching deeper wins more often than not.
    #[test]
    fn deeper_search_beats_shallower() {
        let rules = Rules::builtin("oware").unwrap();
        let deep = PlayerSpec::AlphaBeta(Budget::depth(5));
        let shallow = PlayerSpec::AlphaBeta(Budget::depth(3));
        let settings = MatchSettings {
            games: 8,
            swap: true,
            random_openings: 4,
            seed: 5,
            time_ms: 1000,
        };
        let report = play_match(&rules, &deep, &shallow, &settings, &mut |_| {}).unwrap();
        assert!(
            report.player1_wins > report.player2_wins,
            "{:?}",
            (report.player1_wins, report.draws, report.player2_wins)
        );
    }

    /// The results of a match are not sized by its
    /// number of games. A match of 2^32 games is asked for and stopped
    /// after its first batch: before, the records were collected into one
    /// vector sized up front (824 GB) and the process aborted.
    #[test]
    fn a_huge_match_streams_its_games_and_can_be_stopped() {
        let rules = Rules::builtin("tihbat").unwrap();
        let settings = MatchSettings {
            games: 1 << 32,
            swap: false,
            random_openings: 1,
            seed: 3,
            time_ms: 100,
        };
        let stop = AtomicBool::new(false);
        let mut seen = 0usize;
        let report = play_match_until(
            &rules,
            &PlayerSpec::Random,
            &PlayerSpec::Random,
            &settings,
            &stop,
            &mut |r| {
                assert_eq!(r.index, seen, "games are reported in order");
                seen += 1;
                stop.store(true, Ordering::Relaxed);
            },
        )
        .unwrap();
        assert_eq!(
            seen, BATCH,
            "the batch under way is finished, no other starts"
        );
        assert_eq!(report.games, BATCH);
        assert!(report.interrupted);
        assert_eq!(
            report.player1_wins + report.player2_wins + report.draws,
            BATCH
        );
    }

    /// A game that can go on for ever ends in a draw at
    /// the engine's ply limit, the one every command uses.
    #[test]
    fn endless_games_are_drawn_at_the_ply_limit() {
        let text = "name = \"Endless\"\n[board]\nholes_per_row = 1\nseeds_per_hole = 1\n[sowing]\nstart = \"next\"\n";
        let rules = Rules::from_toml("endless", text, "endless.toml").unwrap();
        let settings = MatchSettings {
            games: 2,
            swap: true,
            random_openings: 5,
            seed: 1,
            time_ms: 100,
        };
        let mut records = Vec::new();
        let report = play_match(
            &rules,
            &PlayerSpec::Random,
            &PlayerSpec::Greedy,
            &settings,
            &mut |r| records.push(r.clone()),
        )
        .unwrap();
        assert_eq!(report.draws, 2);
        assert_eq!(report.longest_plies, MAX_MATCH_PLIES);
        assert!(
            records
                .iter()
                .all(|r| r.reason == mancala_core::EndReason::PlyLimit.describe()),
            "{records:?}"
        );
    }

    #[test]
    fn csv_rows_quote_fields_with_commas() {
        let record = GameRecord {
            index: 0,
            player1_side: Side::South,
            south: "alphabeta:depth=12,ms=500".into(),
            north: "random".into(),
            opening_plies: 0,
            moves: "A b".into(),
            plies: 2,
            winner: "draw".into(),
            player1_result: "draw".into(),
            score: None,
            reason: "a position repeated".into(),
        };
        assert_eq!(
            record.csv_row(),
            "0,\"alphabeta:depth=12,ms=500\",random,south,draw,draw,,,2,0,\"a position repeated\",\"A b\"\n"
        );
    }
}
