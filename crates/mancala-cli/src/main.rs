//! `mancala`: list, read, replay, play, analyse, match, benchmark, solve
//! and serve two-row mancala games.
//!
//! A thin command-line front end to the `mancala-core` rule engine, the
//! `mancala-ai` players, the `mancala-solver` databases and the
//! `mancala-web` server. Every command takes a GAME, which is a built-in game
//! (`mancala list` shows them) or the path to a `.toml` rule file. `replay`
//! prints the state after a game record as one line of JSON, for scripts and
//! tests; `play` is a line-based game in the terminal against a person or a
//! computer player; `analyze` values every legal move of a position;
//! `match` plays two computer players against each other; `bench` measures
//! how fast the engine plays random games; `solve` builds a game's solved
//! database and `verify` checks one; `serve` runs the web server.
//!
//! Players are named with one syntax everywhere, parsed by
//! [`mancala_ai::parse_player_spec`]: `human`, `random`, `greedy`,
//! `alphabeta:depth=N`, `mcts:ms=N`, `ai:K`, `perfect`, ...
//!
//! Errors go to stderr as `error: ...` with exit code 2, as do usage errors;
//! `verify` exits with 1 when it finds mismatches.

mod analyze;
mod bench;
mod data;
mod files;
mod matches;
mod play;
mod solve;
mod units;

use std::io::{self, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use mancala_ai::{
    Budget, DEFAULT_MOVE_MS, MatchSettings, PlayerSpec, open_database, parse_player_spec,
};
use mancala_core::{Game, Rules, State};
use mancala_i18n::Lang;
use mancala_solver::Database;

/// Rule engine, computer players, analysis and matches for two-row mancala games.
#[derive(Debug, Parser)]
#[command(
    name = "mancala",
    version,
    after_help = concat!(
        "GAME is a built-in game (see `mancala list`) or the path to a .toml rule file.\n",
        "Moves are hole labels: South's holes are A B C ..., North's a b c ...; `pass` is a pass.\n",
        "Players (--south, --north): human, random, greedy, alphabeta:depth=N, alphabeta:ms=N,\n",
        "alphabeta:nodes=N, alphabeta:ms=N,threads=T, mcts:playouts=N, mcts:ms=N, ai:1 (weakest) to ai:9,\n",
        "perfect; see docs/ai.md.\n",
        "Solved databases (`mancala solve GAME`) live in $MANCALA_DATA, else ~/.local/share/mancala."
    )
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the built-in games by region, with a one-line summary of each.
    List {
        /// One JSON object a line (id, name, region, origin, source, board, summary).
        #[arg(long)]
        json: bool,
        /// The language of the regions and summaries: en, fa, my or pa.
        #[arg(long, default_value = "en", value_parser = parse_lang)]
        lang: Lang,
        /// Latin digits (0-9) instead of Persian or Burmese numerals.
        #[arg(long)]
        latin_digits: bool,
    },

    /// Print a game's page: overview, board, how to play, capture, end, notes, source.
    Rules {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// The language: en (English), fa (Persian), my (Burmese) or pa (Punjabi).
        #[arg(long, default_value = "en", value_parser = parse_lang)]
        lang: Lang,
        /// Latin digits (0-9) instead of Persian or Burmese numerals.
        #[arg(long)]
        latin_digits: bool,
        /// Wrap lines to this many columns (0: no wrapping). Default: $COLUMNS, or 80.
        #[arg(long, allow_negative_numbers = true, value_parser = whole::<usize>(0, u32::MAX as u64))]
        width: Option<usize>,
    },

    /// Replay a game record and print the state after it as one line of JSON.
    ///
    /// The JSON object has the keys game, board, to_move, ply, legal, over and
    /// captured, and once the game is over winner, score (in games won on
    /// seeds) and reason. A move that is malformed or illegal is an error
    /// naming the ply, the move and the legal moves.
    #[command(
        after_help = "Examples:\n  mancala replay modiar \"A c B b\"\n  mancala replay oware B e A c"
    )]
    Replay {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// The moves, as one argument ("A c B b") or several (A c B b); none for the opening.
        #[arg(value_name = "MOVES")]
        moves: Vec<String>,
    },

    /// Play a game in the terminal.
    ///
    /// The board is shown with North's row on top and South's at the bottom.
    /// At the prompt, type a hole label to sow from it, `pass` when the rules
    /// make you pass, `hint` for the engine's suggestion, `undo` to take back
    /// your last move, `help` for the commands and legal moves, or `quit`.
    /// Input is read line by line, so it may be piped in; the game stops
    /// cleanly at the end of the input. A computer player's move is shown
    /// with its value when the player knows it.
    #[command(after_help = "Examples:\n  mancala play modiar --north ai:6\n  \
                            mancala play oware --south ai:9 --north human --time 2000\n  \
                            mancala play tihbat --south random --north alphabeta:depth=8 --seed 7\n  \
                            mancala play tihbat --north perfect   (after `mancala solve tihbat`)\n\n\
                            Players: human, random, greedy, alphabeta:depth=N, alphabeta:ms=N, alphabeta:nodes=N,\n\
                            mcts:playouts=N, mcts:ms=N, ai:1 (weakest) to ai:9, perfect (from the solved database),\n\
                            perfect:db=FILE; options combine: alphabeta:depth=12,ms=500.\n\
                            `hint` gives exact values when the game's solved database is installed.")]
    Play {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// Who plays South (see the players below).
        #[arg(long, value_name = "PLAYER", default_value = "human", value_parser = player_spec)]
        south: PlayerSpec,
        /// Who plays North.
        #[arg(long, value_name = "PLAYER", default_value = "random", value_parser = player_spec)]
        north: PlayerSpec,
        /// Time per move, in milliseconds, of ai:7 to ai:9 (ai:3 to ai:6 stop
        /// there at the latest), and the most a `hint` takes.
        #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVE_MS, value_parser = positive, allow_negative_numbers = true)]
        time: u64,
        /// Seed for the computer players' random choices [default: from the clock].
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
        seed: Option<u64>,
        /// Start from the position after these moves ("A d"), played as the game's first moves.
        #[arg(long, value_name = "MOVES", default_value = "")]
        moves: String,
    },

    /// Value every legal move of a position, best first, with its expected line.
    ///
    /// Values are for the player to move: the seed margin they can expect
    /// (`+2.5`: two and a half seeds ahead) in games won on seeds, `win in
    /// N`/`loss in N` plies or a heuristic score in deprivation games.
    ///
    /// When the game has a solved database (`mancala solve GAME`, found in
    /// the data directory, or given with --db), the values are exact: the
    /// final margin with perfect play on both sides (or the win or loss and
    /// its length), with the plies of the tie-break. Otherwise (or with
    /// --no-db) the search is alpha-beta with iterative deepening; without
    /// --depth, --nodes or --time it searches for 1000 ms. With --depth or
    /// --nodes alone the analysis is the same on every run.
    #[command(after_help = "Examples:\n  mancala analyze modiar \"A c\"\n  \
                            mancala analyze oware \"\" --depth 10 --json\n  mancala analyze tihbat A b --time 5000\n  \
                            mancala analyze tihbat \"\" --db tihbat.mdb --json")]
    Analyze {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// The moves leading to the position, as one argument ("A c B b") or several; none for the opening.
        #[arg(value_name = "MOVES")]
        moves: Vec<String>,
        /// Search this many plies deep (the search also stops at --time or --nodes if given).
        #[arg(long, value_name = "N", allow_negative_numbers = true,
              value_parser = whole::<u32>(1, mancala_ai::search::MAX_DEPTH as u64))]
        depth: Option<u32>,
        /// Search for this many milliseconds [default: 1000 when no other limit is given].
        #[arg(long, value_name = "MS", value_parser = positive, allow_negative_numbers = true)]
        time: Option<u64>,
        /// Search about this many positions.
        #[arg(long, value_name = "N", value_parser = positive, allow_negative_numbers = true)]
        nodes: Option<u64>,
        /// Print one JSON object: moves [{move, margin_seeds, value_text, pv}], depth, nodes, nps,
        /// millis, solved, exact, ... (win_in_plies, loss_in_plies or heuristic_score in place of
        /// margin_seeds in games won by leaving the opponent without a move).
        #[arg(long)]
        json: bool,
        /// Read exact values from this solved database [default: the game's database in the data directory, if any].
        #[arg(long, value_name = "FILE", conflicts_with = "no_db")]
        db: Option<PathBuf>,
        /// Search even when a solved database is installed.
        #[arg(long)]
        no_db: bool,
    },

    /// Play a match between two computer players and report the score.
    ///
    /// Player 1 is the player given as --south, player 2 the one given as
    /// --north; with --swap they change sides every game, and the two games
    /// of each pair start from the same random opening. Prints each player's
    /// wins, draws and losses with 95% confidence intervals (Wilson), the
    /// side that won, and the mean and longest game. Games between players
    /// without a time limit run in parallel on every core; timed players
    /// (ms=N, ai:7 to ai:9) play one game at a time.
    #[command(after_help = "Examples:\n  \
                            mancala match oware --south alphabeta:depth=4 --north alphabeta:depth=2 --games 200 --swap --random-openings 4\n  \
                            mancala match modiar --south ai:9 --north random --games 1000 --swap --time 20 --json\n  \
                            mancala match tihbat --south mcts:ms=50 --north alphabeta:ms=50 --games 100 --swap --csv games.csv")]
    Match {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// Player 1, who plays South (in every other game with --swap).
        #[arg(long, value_name = "PLAYER", value_parser = player_spec)]
        south: PlayerSpec,
        /// Player 2, who plays North (in every other game with --swap).
        #[arg(long, value_name = "PLAYER", value_parser = player_spec)]
        north: PlayerSpec,
        /// Number of games.
        #[arg(long, value_name = "N", default_value_t = 100, value_parser = positive, allow_negative_numbers = true)]
        games: u64,
        /// Change sides every game.
        #[arg(long)]
        swap: bool,
        /// Random plies played at the start of each game before the players take over.
        #[arg(long, value_name = "K", default_value_t = 0, allow_negative_numbers = true,
              value_parser = whole::<usize>(0, u32::MAX as u64))]
        random_openings: usize,
        /// Seed of the openings and of the players' random choices [default: from the clock].
        #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
        seed: Option<u64>,
        /// Time per move of ai:7 to ai:9, in milliseconds (ai:3 to ai:6 stop there at the latest).
        #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVE_MS, value_parser = positive, allow_negative_numbers = true)]
        time: u64,
        /// Print one JSON object: games, player1_wins, player2_wins, draws, south_wins, north_wins, mean_plies, ...
        #[arg(long)]
        json: bool,
        /// Write every game to FILE as CSV, one row a game (with its moves).
        #[arg(long, value_name = "FILE")]
        csv: Option<std::path::PathBuf>,
    },

    /// Measure how fast the engine plays uniformly random games on one thread.
    ///
    /// Prints moves per second, games per second and the mean game length in
    /// plies.
    Bench {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// How long to play, in seconds (fractions such as 0.5 are fine).
        #[arg(long, value_name = "S", default_value = "3", value_parser = parse_seconds)]
        seconds: Duration,
        /// Print one JSON object with moves_per_sec, games_per_sec and mean_plies.
        #[arg(long)]
        json: bool,
        /// Seed for the random moves [default: from the clock].
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
        seed: Option<u64>,
    },

    /// Solve a game by retrograde analysis and write its database.
    ///
    /// Computes the exact value of every position (the seed margin, or the
    /// win or loss in deprivation games) and writes the database to FILE,
    /// by default to the data directory ($MANCALA_DATA, else
    /// ~/.local/share/mancala) as <game-id>.mdb, where `perfect`, hints,
    /// `analyze` and `serve` find it. Prints the positions, the file size,
    /// the build time and the opening's value. Games too large to solve
    /// completely (Sadeqa II) need --max-seeds; rules a database cannot
    /// represent (Oware's majority rule) are refused.
    #[command(
        after_help = "Examples:\n  mancala solve tihbat\n  mancala solve modiar --out modiar.mdb\n  \
                            mancala solve sadeqa-ii --max-seeds 16\n  \
                            mancala solve \"kalah:holes=4,seeds=2\" --json --max-memory 1G\n  \
                            mancala solve tihbat --local-ranks 4\n  \
                            mpirun -n 4 mancala solve tihbat   (built with --features mpi)\n\n\
                            Under mpirun (a build with the `mpi` feature), the ranks share the work: \
                            each owns a part of every level, and rank 0 writes the database, byte for \
                            byte the one a single process writes."
    )]
    Solve {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// Write the database here [default: <data dir>/<game-id>.mdb].
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Solve only the positions with at most K seeds on the board.
        #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = whole::<u32>(0, u32::MAX as u64))]
        max_seeds: Option<u32>,
        /// Refuse to start when the solve would need more memory than SIZE
        /// (bytes, or with K, M, G, T: 512M, 8G) [default: the memory
        /// available, MemAvailable in /proc/meminfo, where there is one].
        #[arg(long, value_name = "SIZE", value_parser = solve::parse_size)]
        max_memory: Option<u64>,
        /// Print one JSON object: game, value_text and margin_seeds (the
        /// first player's final result with perfect play; win_in_plies or
        /// loss_in_plies in win/loss games; null when the opening is above
        /// the database), positions, seconds, max_seeds, memory_estimate,
        /// file (and ranks, words_sent when distributed).
        #[arg(long)]
        json: bool,
        /// Run the distributed solver on N threads standing for N ranks (the
        /// algorithm of an MPI job, without MPI).
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1, 64))]
        local_ranks: Option<u32>,
        /// Kalah only: solve by search from the opening above a database
        /// of the boards with at most --max-seeds seeds, even when every
        /// position could be enumerated (Kalah too large to enumerate is
        /// always searched). A database of a million boards or more is
        /// kept in the data directory and read from there next time.
        #[arg(long)]
        search: bool,
        /// Kalah search only: the first guess at the first player's margin,
        /// in seeds (default 0). The value found is exact whatever the
        /// guess; the right one (a published value, say) needs only two
        /// search passes, where 0 climbs to the value a pass at a time.
        #[arg(long, value_name = "MARGIN", allow_hyphen_values = true)]
        guess: Option<i32>,
        /// Solve the game graph: every position reachable from the opening,
        /// valued in memory (no database is written), and print the
        /// opening's value and every first move's. Games a database cannot
        /// represent (four-row boards, among others) are solved so
        /// without it, when their graph fits in --max-memory.
        #[arg(long)]
        graph: bool,
    },

    /// Check a solved database: every position against its moves, and random
    /// positions against an independent exhaustive search.
    ///
    /// Exit code 0 when the database is consistent, 1 when mismatches are
    /// found, 2 when the file cannot be used (not a database, damaged,
    /// built for other rules). The game is recognised from the file's rules
    /// hash among the built-in games; give a rule file with --game.
    #[command(
        after_help = "Examples:\n  mancala verify ~/.local/share/mancala/tihbat.mdb\n  \
                            mancala verify my-game.mdb --game my-game.toml"
    )]
    Verify {
        /// The database file.
        file: PathBuf,
        /// The game it was built for [default: the built-in game whose rules it records].
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
    },

    /// Figures about a database file.
    #[command(subcommand)]
    Db(DbCommand),

    /// The data the strongest levels read: what is there, and building it.
    ///
    /// Oware's endgame bounds (oware.bounds, minutes to build) and the
    /// solved databases of the small built-in games (<id>.mdb, seconds),
    /// kept in the data directory. The timed levels (ai:7 to ai:9) build
    /// what their game needs in the background on first use and play
    /// without it until it is ready; MANCALA_DATA_BUILD=off switches that
    /// off. A file that is damaged or of an older format is built again.
    #[command(
        subcommand,
        after_help = "Examples:\n  mancala data status\n  mancala data build oware\n  mancala data build"
    )]
    Data(DataCommand),

    /// Run the web server: play in a browser, JSON API, live games.
    ///
    /// Games are stored in DIR (SQLite); solved databases found there or in
    /// the data directory give the `perfect` opponent. Prints the URL once
    /// listening; Ctrl-C stops it.
    #[command(
        after_help = "Examples:\n  mancala serve\n  mancala serve --addr 0.0.0.0:8080 --data /var/lib/mancala"
    )]
    Serve {
        /// The address to listen on (port 0: any free port).
        #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
        addr: String,
        /// The data directory [default: $MANCALA_DATA, else ~/.local/share/mancala, else ./mancala-data].
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
    },

    /// Replay another program's traces through our rules and report which
    /// of its configurations our rule files reproduce.
    ///
    /// `stoneshark DIR` reads StoneShark's NAME.params.json + NAME.jsonl (or .jsonl.gz)
    /// files, translates each configuration into our rule model (or says
    /// which of its parameters none of our rules expresses), replays every
    /// traced game comparing mover, board, stores and result after each
    /// ply, and prints per configuration the games reproduced and the first
    /// difference. With --json: one object a line (config, games,
    /// reproduced, covered, reason).
    ///
    /// `ludii DIR` reads Ludii's random trials (RandomTrial_N.txt or .txt.gz,
    /// one folder a game, at any depth), rebuilds Ludii's board after each
    /// of its moves from the recorded actions, plays the game through our
    /// rule file of the same name, and compares the start board, the number
    /// of legal moves before each turn and the board after it; it prints per
    /// game the trials reproduced and the first difference, or why the game
    /// is not compared (no rule file, a board we do not support). With
    /// --json: one object a line (game, board, rule_file, trials,
    /// reproduced, covered, plies, plies_reproduced, reason).
    #[command(
        after_help = "Examples:\n  mancala peers stoneshark tests/stoneshark/traces\n  mancala peers ludii tests/ludii/trials"
    )]
    Peers {
        /// The program the traces come from.
        #[arg(value_parser = ["stoneshark", "ludii"])]
        peer: String,
        /// The directory of traces.
        dir: PathBuf,
        /// One JSON object a line.
        #[arg(long)]
        json: bool,
    },
}

/// The longest `bench` run: a speed measure longer than an hour measures
/// nothing a shorter one does not, and a typo (`--seconds 1e12`) should not
/// hold the terminal for thirty thousand years.
const MAX_BENCH_SECONDS: f64 = 3600.0;

/// Reads a positive number of seconds, at most [`MAX_BENCH_SECONDS`].
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err("the time must be more than 0 seconds".to_string());
    }
    if secs > MAX_BENCH_SECONDS {
        return Err(format!(
            "{text} seconds is more than the limit of {MAX_BENCH_SECONDS} seconds (one hour)"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        // A closed pipe (`mancala list | head -1`) is not worth a message.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    let mut code = ExitCode::SUCCESS;
    match cli.command {
        Command::List {
            json,
            lang,
            latin_digits,
        } => {
            let games: Vec<Rules> = Rules::builtin_ids()
                .map(Rules::builtin)
                .collect::<Result<_, _>>()?;
            let region =
                |r: &Rules| mancala_i18n::region_name(lang, r.spec().about.region.as_deref());
            let summary = |r: &Rules| mancala_i18n::summary(r, lang, latin_digits);
            if json {
                for rules in &games {
                    let about = &rules.spec().about;
                    let entry = serde_json::json!({
                        "id": rules.id(),
                        "name": rules.name(),
                        "region": region(rules),
                        "origin": rules.spec().origin,
                        "source": about.source,
                        "rows": rules.rows(),
                        "holes_per_row": rules.holes_per_row(),
                        "seeds": rules.total_seeds(),
                        "stores": rules.has_stores(),
                        "summary": summary(rules),
                    });
                    writeln!(out, "{entry}")?;
                }
            } else {
                let width = games.iter().map(|r| r.id().len()).max().unwrap_or(0);
                let mut regions: Vec<String> = games.iter().map(region).collect();
                regions.sort();
                regions.dedup();
                for (i, name) in regions.iter().enumerate() {
                    if i > 0 {
                        writeln!(out)?;
                    }
                    writeln!(out, "{name}")?;
                    for rules in games.iter().filter(|r| &region(r) == name) {
                        writeln!(out, "  {:<width$}  {}", rules.id(), summary(rules))?;
                    }
                }
            }
        }
        Command::Rules {
            game,
            lang,
            latin_digits,
            width,
        } => {
            let rules = Rules::load(&game)?;
            let width = width
                .or_else(|| {
                    std::env::var("COLUMNS")
                        .ok()
                        .and_then(|c| c.trim().parse().ok())
                })
                .unwrap_or(80);
            let text = mancala_i18n::wrap(
                &mancala_i18n::rules_text_digits(&rules, lang, latin_digits),
                width,
            );
            write!(out, "{text}")?;
            if !text.ends_with('\n') {
                writeln!(out)?;
            }
        }
        Command::Replay { game, moves } => {
            let rules = Rules::load(&game)?;
            let game = Game::replay(rules, &moves.join(" "))?;
            writeln!(out, "{}", State::of(&game).to_json_line())?;
        }
        Command::Play {
            game,
            south,
            north,
            time,
            seed,
            moves,
        } => {
            let seed = seed.unwrap_or_else(clock_seed);
            let rules = Rules::load(&game)?;
            let opening = Game::replay(rules.clone(), &moves)?;
            // Each side gets its own stream of random choices.
            let south = play::Seat::new(&south, &rules, seed, time)?;
            let north = play::Seat::new(&north, &rules, seed.wrapping_add(1), time)?;
            let options = play::Options {
                seed,
                hint_ms: time,
            };
            let hints = play::Hints {
                db: installed_database(&rules),
            };
            play::run(
                opening,
                south,
                north,
                options,
                hints,
                &mut io::stdin().lock(),
                &mut out,
            )?;
        }
        Command::Analyze {
            game,
            moves,
            depth,
            time,
            nodes,
            json,
            db,
            no_db,
        } => {
            let rules = Rules::load(&game)?;
            let db = match (db, no_db) {
                (_, true) => None,
                (Some(path), _) => Some(open_database(&rules, Some(&path))?),
                (None, false) => installed_database(&rules),
            };
            let game = Game::replay(rules, &moves.join(" "))?;
            let mut budget = Budget {
                depth,
                nodes,
                millis: time,
                ..Budget::default()
            };
            if depth.is_none() && nodes.is_none() && time.is_none() {
                budget.millis = Some(analyze::DEFAULT_MS);
            }
            analyze::run(&game, &budget, db.as_ref(), json, &mut out)?;
        }
        Command::Match {
            game,
            south,
            north,
            games,
            swap,
            random_openings,
            seed,
            time,
            json,
            csv,
        } => {
            let rules = Rules::load(&game)?;
            if let Some(path) = &csv {
                files::check_file_target("--csv", path)?;
            }
            let settings = MatchSettings {
                games: usize::try_from(games).context("too many games")?,
                swap,
                random_openings,
                seed: seed.unwrap_or_else(clock_seed),
                time_ms: time,
            };
            matches::run(
                &rules,
                &south,
                &north,
                &settings,
                json,
                csv.as_deref(),
                &mut out,
            )?;
        }
        Command::Bench {
            game,
            seconds,
            json,
            seed,
        } => {
            let rules = Rules::load(&game)?;
            let id = rules.id().to_string();
            let title = rules.title();
            let r = bench::run_with_progress(rules, seconds, seed.unwrap_or_else(clock_seed));
            if json {
                let object = serde_json::json!({
                    "game": id,
                    "seconds": r.elapsed.as_secs_f64(),
                    "moves": r.moves,
                    "games": r.games,
                    "moves_per_sec": r.moves_per_sec(),
                    "games_per_sec": r.games_per_sec(),
                    "mean_plies": r.mean_plies(),
                });
                writeln!(out, "{object}")?;
            } else {
                let mean = r
                    .mean_plies()
                    .map_or("no game finished".to_string(), |m| format!("{m:.1}"));
                writeln!(
                    out,
                    "{title}: {} in {} in {:.2} s",
                    solve::count(r.moves, "move", "moves"),
                    solve::count(r.games, "game", "games"),
                    r.elapsed.as_secs_f64()
                )?;
                writeln!(
                    out,
                    "moves/s     {}",
                    solve::thousands(r.moves_per_sec() as u64)
                )?;
                writeln!(
                    out,
                    "games/s     {}",
                    solve::thousands(r.games_per_sec() as u64)
                )?;
                writeln!(out, "mean plies  {mean}")?;
            }
        }
        Command::Solve {
            game,
            out: file,
            max_seeds,
            max_memory,
            json,
            local_ranks,
            search,
            guess,
            graph,
        } => {
            let rules = Rules::load(&game)?;
            if let Some(path) = &file {
                files::check_file_target("--out", path)?;
            }
            let options = solve::SolveOptions {
                max_seeds,
                max_memory,
                json,
                local_ranks,
                search,
                guess,
                graph,
            };
            solve::solve(&rules, file, &options, &mut out)?;
        }
        Command::Peers { peer, dir, json } if peer == "ludii" => {
            let reports = mancala_peers::ludii::check_dir(&dir)?;
            if json {
                for report in &reports {
                    writeln!(out, "{}", report.to_json())?;
                }
            } else {
                write!(out, "{}", mancala_peers::ludii::render(&reports))?;
            }
        }
        Command::Peers { peer: _, dir, json } => {
            let reports = mancala_peers::check_dir(&dir)?;
            if json {
                for report in &reports {
                    writeln!(out, "{}", report.to_json())?;
                }
            } else {
                write!(out, "{}", mancala_peers::render(&reports))?;
            }
        }
        Command::Verify { file, game } => {
            code = solve::verify(&file, game.as_deref(), &mut out)?;
        }
        Command::Db(DbCommand::Stats {
            file,
            game,
            json,
            svg,
        }) => {
            if let Some(path) = &svg {
                files::check_file_target("--svg", path)?;
            }
            solve::stats(&file, game.as_deref(), json, svg.as_deref(), &mut out)?;
        }
        Command::Data(DataCommand::Status { data, json }) => {
            data::status(data, json, &mut out)?;
        }
        Command::Data(DataCommand::Build { game, data, force }) => {
            data::build(data, game.as_deref(), force, &mut out)?;
        }
        Command::Serve { addr, data } => {
            let addr = parse_addr(&addr)?;
            if let Some(dir) = &data {
                files::check_dir_target("--data", dir)?;
            }
            let data = data
                .or_else(mancala_solver::data_dir)
                .unwrap_or_else(|| PathBuf::from("mancala-data"));
            eprintln!(
                "mancala serve: data in {}; Ctrl-C stops the server",
                data.display()
            );
            drop(out);
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .context("cannot start the async runtime")?;
            runtime.block_on(mancala_web::serve(addr, data))?;
            return Ok(code);
        }
    }
    out.flush().context("cannot write the output")?;
    Ok(code)
}

/// `mancala data ...`.
#[derive(Subcommand, Debug)]
enum DataCommand {
    /// Every file of the catalogue: valid (its size and what it holds),
    /// missing, damaged or of an older format.
    Status {
        /// The data directory [default: $MANCALA_DATA, else ~/.local/share/mancala].
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// One JSON object a line: game, file, what, state (valid, missing,
        /// damaged, old format), bytes, detail, reason, expected_bytes.
        #[arg(long)]
        json: bool,
    },
    /// Build now, with a progress bar, what is not valid: GAME's files, or
    /// every file of the catalogue.
    Build {
        /// A built-in game [default: every game with data].
        game: Option<String>,
        /// The data directory [default: $MANCALA_DATA, else ~/.local/share/mancala].
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Build valid files again too.
        #[arg(long)]
        force: bool,
    },
}

/// `mancala db ...`.
#[derive(Subcommand, Debug)]
enum DbCommand {
    /// For each number of seeds on the board, the positions with South to
    /// move at each value (the published form of an endgame database).
    Stats {
        /// The database file.
        file: PathBuf,
        /// The game it was built for [default: the built-in game whose rules it records].
        #[arg(long, value_name = "GAME")]
        game: Option<String>,
        /// One JSON object a line: `seeds`, `positions`, `values` ({value: count}).
        #[arg(long)]
        json: bool,
        /// Also draw the distribution as an SVG picture in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
}

/// The game's solved database in the data directory, if one is installed
/// and usable (one that cannot be used is reported and ignored).
fn installed_database(rules: &Rules) -> Option<Arc<Database>> {
    mancala_solver::find_database(rules)?;
    match open_database(rules, None) {
        Ok(db) => Some(db),
        Err(e) => {
            eprintln!("warning: {e}; ignoring it");
            None
        }
    }
}

/// Reads `HOST:PORT` (an IP address, or a name such as `localhost`).
fn parse_addr(text: &str) -> Result<SocketAddr> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let bad = || {
        format!("{text:?} is not an address to listen on; expected HOST:PORT, e.g. 127.0.0.1:8080")
    };
    text.to_socket_addrs()
        .with_context(bad)?
        .next()
        .with_context(bad)
}

/// Reads a count that must be at least 1 (`--games`, `--time`, `--nodes`),
/// saying which way a bad one is wrong: 0, negative, too large, no number.
fn positive(text: &str) -> Result<u64, String> {
    mancala_core::notation::parse_whole_in(text, 1..=u64::MAX)
}

/// A parser of whole numbers from `min` to `max` (`--depth`, `--seed`,
/// `--max-seeds`, ...) that says which way a bad one is wrong: negative,
/// too few, too large, no number (where clap would say "invalid digit
/// found in string" or "not in 1..=100").
fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let n = mancala_core::notation::parse_whole_in(text, min..=max)?;
        T::try_from(n).map_err(|_| format!("{n} is too large"))
    }
}

/// Reads a `--south`/`--north` value; an unknown player is a usage error
/// (exit code 2) that lists the valid forms.
fn player_spec(text: &str) -> Result<PlayerSpec, mancala_ai::SpecError> {
    parse_player_spec(text)
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_secs().wrapping_mul(1_000_000_007)
        ^ u64::from(now.subsec_nanos())
        ^ u64::from(std::process::id()) << 32
}

/// `--lang`: one of the page languages, or an error listing them.
fn parse_lang(code: &str) -> Result<Lang, String> {
    code.parse()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn counts_say_which_way_they_are_wrong() {
        assert_eq!(positive("3"), Ok(3));
        assert!(positive("0").unwrap_err().contains("1 or more"));
        assert!(positive("-2").unwrap_err().contains("negative"));
        assert!(
            positive("99999999999999999999")
                .unwrap_err()
                .contains("too large")
        );
        assert!(positive("many").unwrap_err().contains("not a whole number"));
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("inf").is_err());
        assert!(parse_seconds("1e30").is_err());
        assert_eq!(parse_seconds("3600"), Ok(Duration::from_secs(3600)));
        assert!(
            parse_seconds("3600.5")
                .unwrap_err()
                .contains("limit of 3600 seconds")
        );
        assert!(parse_seconds("x").is_err());
    }
}
