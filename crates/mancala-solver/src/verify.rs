//! Checking a database: local consistency of every entry, and agreement
//! with an independent exhaustive search on small positions.

use std::fmt;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use mancala_core::spec::ResultRule;
use mancala_core::{EndReason, Position, RepetitionKey, Rules, Side, Verdict, settle, value_for};
use rayon::prelude::*;

use crate::db::{Database, DbError, RulesMismatch, rules_hash};
use crate::eval::{DbKind, Eval, Semantics};
use crate::index::{first_board, next_board};

/// How much [`verify_with`] checks.
#[derive(Clone, Debug)]
pub struct VerifyOptions {
    /// Random positions compared with the exhaustive search.
    pub samples: u32,
    /// The most seeds on the board of a sampled position.
    pub search_seeds: u32,
    /// Seed of the sampling.
    pub seed: u64,
    /// Show a progress bar on stderr.
    pub progress: bool,
}

impl VerifyOptions {
    /// 1,000 samples with few enough seeds for an exhaustive search on this
    /// board (8 on 4 holes, fewer on larger boards).
    pub fn for_rules(rules: &Rules) -> VerifyOptions {
        let search_seeds = match rules.holes() {
            0..=4 => 8,
            5..=6 => 7,
            7..=8 => 6,
            _ => 5,
        };
        VerifyOptions {
            samples: 1000,
            search_seeds,
            seed: 0x5eed_cafe,
            progress: false,
        }
    }
}

/// A position whose stored entry is not what it should be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Its index in the database.
    pub index: u64,
    /// The board, by hole index.
    pub board: Vec<u8>,
    /// The player to move.
    pub to_move: Side,
    /// What the database holds.
    pub stored: Eval,
    /// What the check computed (for the exhaustive search, `plies` is 0).
    pub expected: Eval,
    /// Which check failed: `"value"`, `"depth"` or `"search"`.
    pub check: &'static str,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} mismatch at #{} board {:?}, {} to move: stored {} ({} plies), expected {} ({} plies)",
            self.check,
            self.index,
            self.board,
            self.to_move,
            self.stored.value,
            self.stored.plies,
            self.expected.value,
            self.expected.plies
        )
    }
}

/// What [`verify`] found.
#[derive(Clone, Debug)]
pub struct VerifyReport {
    /// Positions checked for local consistency (all of them).
    pub positions: u64,
    /// Positions whose value or depth is not consistent with their moves.
    pub inconsistent: u64,
    /// Random positions compared with the exhaustive search.
    pub searched: u32,
    /// The most seeds on the board among them.
    pub search_seeds: u32,
    /// Mismatches found (the first 100 of each check).
    pub mismatches: Vec<Mismatch>,
    /// Positions where the exhaustive search disagrees.
    pub search_disagreements: u32,
    /// Time taken.
    pub elapsed: Duration,
}

impl VerifyReport {
    /// Whether every check passed.
    pub fn is_ok(&self) -> bool {
        self.inconsistent == 0 && self.search_disagreements == 0
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} positions checked against their moves: {} inconsistent",
            self.positions, self.inconsistent
        )?;
        writeln!(
            f,
            "{} random positions with at most {} seeds compared with an exhaustive search: {} disagree",
            self.searched, self.search_seeds, self.search_disagreements
        )?;
        for m in &self.mismatches {
            writeln!(f, "  {m}")?;
        }
        write!(
            f,
            "{} in {:.1} s",
            if self.is_ok() { "OK" } else { "FAILED" },
            self.elapsed.as_secs_f64()
        )
    }
}

/// Verifies `db` with the default options ([`VerifyOptions::for_rules`]).
pub fn verify(db: &Database, rules: &Rules) -> Result<VerifyReport, DbError> {
    verify_with(db, rules, &VerifyOptions::for_rules(rules))
}

/// Verifies `db`:
///
/// 1. every position's stored value is the best over its moves of (what
///    the move gains minus the stored value of the position it leads to),
///    or its end-of-game value when the game is over there; and its depth
///    is the fewest (value > 0) or most (value < 0) plies among the moves
///    of that value (0 for value 0);
/// 2. `samples` random positions with at most `search_seeds` seeds on the
///    board have the value [`exhaustive_value`] computes without the
///    database.
///
/// Refuses a database built for other rules.
pub fn verify_with(
    db: &Database,
    rules: &Rules,
    opts: &VerifyOptions,
) -> Result<VerifyReport, DbError> {
    let started = Instant::now();
    if rules_hash(rules) != rules_hash(db.rules()) {
        let path = db
            .path()
            .map(|p| p.to_path_buf())
            .unwrap_or_else(|| "database".into());
        let db_rules = (db.rules().name(), db.rules().id(), &rules_hash(db.rules()));
        return Err(DbError::WrongRules(Box::new(RulesMismatch::new(
            path, db_rules, rules,
        ))));
    }
    let sem = Semantics::new(rules);
    let ix = db.indexer();
    let holes = ix.holes();
    let total = db.positions();
    let bar = if opts.progress {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} verified ({per_sec})",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    );
    const CHUNK: u64 = 4096;
    let (inconsistent, mut mismatches) = (0..=ix.max_seeds())
        .flat_map(|s| {
            let off = ix.level_offset(s);
            let n = ix.level_len(s);
            (0..n.div_ceil(CHUNK)).map(move |c| (s, off, n, c))
        })
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|(s, off, n, c)| {
            let boards = n / 2;
            let mut bad = 0u64;
            let mut found = Vec::new();
            let mut board = [0u8; mancala_core::MAX_HOLES];
            let (lo, hi) = (c * CHUNK, ((c + 1) * CHUNK).min(n));
            for i in lo..hi {
                let (side, rank) = if i < boards {
                    (Side::South, i)
                } else {
                    (Side::North, i - boards)
                };
                if i == lo {
                    ix.unrank(rank, s, &mut board);
                } else if rank == 0 {
                    first_board(&mut board, holes, s);
                } else {
                    next_board(&mut board, holes);
                }
                let pos = sem.position(&board[..holes], side);
                let expected = local_eval(&sem, db, &pos);
                let index = off + i;
                let stored = Eval {
                    value: db.raw_value(index) as i32,
                    plies: db.raw_depth(index),
                };
                let check = if stored.value != expected.value {
                    "value"
                } else if stored.plies != expected.plies {
                    "depth"
                } else {
                    continue;
                };
                bad += 1;
                if found.len() < 100 {
                    found.push(Mismatch {
                        index,
                        board: board[..holes].to_vec(),
                        to_move: side,
                        stored,
                        expected,
                        check,
                    });
                }
            }
            bar.inc(hi - lo);
            (bad, found)
        })
        .reduce(
            || (0, Vec::new()),
            |(a, mut fa), (b, fb)| {
                fa.extend(fb);
                fa.truncate(100);
                (a + b, fa)
            },
        );
    bar.finish_and_clear();

    // Exhaustive search on random small positions.
    let search_seeds = opts.search_seeds.min(ix.max_seeds());
    let mut rng = SplitMix(opts.seed);
    let samples: Vec<(u32, Side, u64)> = if search_seeds == 0 {
        Vec::new()
    } else {
        (0..opts.samples)
            .map(|_| {
                let s = 1 + (rng.next() % search_seeds as u64) as u32;
                let side = if rng.next() & 1 == 0 {
                    Side::South
                } else {
                    Side::North
                };
                (s, side, rng.next() % ix.boards(s))
            })
            .collect()
    };
    let disagreements: Vec<Mismatch> = samples
        .par_iter()
        .filter_map(|&(s, side, rank)| {
            let mut board = [0u8; mancala_core::MAX_HOLES];
            ix.unrank(rank, s, &mut board);
            let pos = sem.position(&board[..holes], side);
            let index = ix.index(s, side, rank);
            let stored = Eval {
                value: db.raw_value(index) as i32,
                plies: db.raw_depth(index),
            };
            let value = exhaustive_value(rules, &pos);
            (value != stored.value).then(|| Mismatch {
                index,
                board: board[..holes].to_vec(),
                to_move: side,
                stored,
                expected: Eval { value, plies: 0 },
                check: "search",
            })
        })
        .collect();
    let search_disagreements = disagreements.len() as u32;
    mismatches.extend(disagreements.into_iter().take(100));
    Ok(VerifyReport {
        positions: total,
        inconsistent,
        searched: samples.len() as u32,
        search_seeds,
        mismatches,
        search_disagreements,
        elapsed: started.elapsed(),
    })
}

/// The value and depth `pos` should have given the stored entries of the
/// positions its moves lead to.
fn local_eval(sem: &Semantics, db: &Database, pos: &Position) -> Eval {
    let succ = match sem.moves_or_end(pos) {
        Ok(succ) => succ,
        Err(reason) => {
            return Eval {
                value: sem.terminal(pos, reason),
                plies: 0,
            };
        }
    };
    let s = pos.seeds_on_board();
    let mut options = Vec::with_capacity(succ.len());
    for child in succ.as_slice() {
        if child.endless {
            options.push(Eval {
                value: sem.endless_move(pos, child),
                plies: 1,
            });
            continue;
        }
        let i = db
            .index_of(child.pos.raw_board(), child.pos.to_move())
            .expect("a move never adds seeds");
        let value = sem.combine(pos, &child.pos, db.raw_value(i) as i32);
        let stays = child.pos.seeds_on_board() == s;
        let plies = if sem.kind == DbKind::Margin && !stays {
            1
        } else {
            db.raw_depth(i) + 1
        };
        options.push(Eval { value, plies });
    }
    let value = options
        .iter()
        .map(|e| e.value)
        .max()
        .expect("a position that goes on has moves");
    let tied = options.iter().filter(|e| e.value == value).map(|e| e.plies);
    let plies = match value.cmp(&0) {
        std::cmp::Ordering::Greater => tied.min().unwrap_or(0),
        std::cmp::Ordering::Less => tied.max().unwrap_or(0),
        std::cmp::Ordering::Equal => 0,
    };
    Eval { value, plies }
}

/// The value of `pos` for the player to move by a plain exhaustive search,
/// without any database: minimax with alpha-beta over every line of play,
/// where a line that comes back to a position it has already visited since
/// the last capture is worth 0 for the seeds on the board (a draw in a
/// deprivation game), as the endless play it stands for. Exponential: for
/// positions with few seeds only.
///
/// The value is the seed margin from now on in games won on seeds, and
/// `+1`/`0`/`-1` in deprivation games. Written apart from the solver (only
/// the rule engine's end checks, repetition keys and `settle` are shared)
/// to check it.
pub fn exhaustive_value(rules: &Rules, pos: &Position) -> i32 {
    let seeds_game = rules.spec().end.result == ResultRule::Seeds;
    let bound = if seeds_game {
        pos.seeds_on_board() as i32
    } else {
        1
    };
    let mut path = vec![rules.repetition_key(pos)];
    match game_over(rules, pos, seeds_game) {
        Some(v) => v,
        None => search(rules, pos, seeds_game, -bound - 1, bound + 1, &mut path),
    }
}

/// The end-of-game value at `pos` for its mover, if the game is over there
/// (core's end checks, without history).
fn game_over(rules: &Rules, pos: &Position, seeds_game: bool) -> Option<i32> {
    match rules.verdict(pos, false, &[]) {
        Verdict::End { reason, .. } => Some(settled(rules, pos, reason, seeds_game)),
        Verdict::Live { .. } => None,
    }
}

fn settled(rules: &Rules, pos: &Position, reason: EndReason, seeds_game: bool) -> i32 {
    let me = pos.to_move();
    let outcome = settle(rules, pos, reason);
    if seeds_game {
        let score = outcome.score.expect("seeds games have a score");
        let final_margin = score[me.index()].0 as i32 - score[me.opponent().index()].0 as i32;
        (final_margin - 2 * (pos.captured(me) as i32 - pos.captured(me.opponent()) as i32)) / 2
    } else {
        match outcome.winner {
            None => 0,
            Some(w) if w == me => 1,
            Some(_) => -1,
        }
    }
}

fn search(
    rules: &Rules,
    pos: &Position,
    seeds_game: bool,
    mut alpha: i32,
    beta: i32,
    path: &mut Vec<RepetitionKey>,
) -> i32 {
    let me = pos.to_move();
    let mut best = i32::MIN;
    for child in rules.successors(pos).as_slice() {
        let c = &child.pos;
        let gain = if seeds_game {
            (c.captured(me) as i32 - pos.captured(me) as i32)
                - (c.captured(me.opponent()) as i32 - pos.captured(me.opponent()) as i32)
        } else {
            0
        };
        // The child's value is for its own mover.
        let same = c.to_move() == me;
        let v = if child.endless {
            gain + value_for(
                me,
                c.to_move(),
                settled(rules, c, EndReason::EndlessMove, seeds_game),
            )
        } else if let Some(end) = game_over(rules, c, seeds_game) {
            gain + value_for(me, c.to_move(), end)
        } else {
            let key = rules.repetition_key(c);
            let captured = c.seeds_taken() != pos.seeds_taken();
            if !captured && key.find_in(path).is_some() {
                gain
            } else {
                let mut fresh = Vec::new();
                let p = if captured { &mut fresh } else { &mut *path };
                p.push(key);
                let v = if same {
                    gain + search(rules, c, seeds_game, alpha - gain, beta - gain, p)
                } else {
                    gain - search(rules, c, seeds_game, gain - beta, gain - alpha, p)
                };
                p.pop();
                v
            }
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// A small deterministic random number generator (SplitMix64).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49eb_133b_3b1a);
        z ^ (z >> 31)
    }
}
