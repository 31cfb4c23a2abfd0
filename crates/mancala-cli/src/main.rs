//! `mancala`: list, read, replay, play and benchmark two-row mancala games.
//!
//! A thin command-line front end to the `mancala-core` rule engine. Every
//! command takes a GAME, which is a built-in game (`mancala list` shows
//! them) or the path to a `.toml` rule file. `replay` prints the state after
//! a game record as one line of JSON, for scripts and tests; `play` is a
//! line-based game in the terminal against a person or a computer player;
//! `bench` measures how fast the engine plays random games.
//!
//! Errors go to stderr as `error: ...` with exit code 2, as do usage errors.

mod bench;
mod play;
mod players;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::{CommandFactory, Parser, Subcommand};
use mancala_core::{Game, Rules, State, describe};

/// Rule engine, player and benchmark for two-row mancala games.
#[derive(Debug, Parser)]
#[command(
    name = "mancala",
    version,
    after_help = "GAME is a built-in game (see `mancala list`) or the path to a .toml rule file.\n\
                  Moves are hole labels: South's holes are A B C ..., North's a b c ...; `pass` is a pass."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the built-in games with a one-line summary of each.
    List,

    /// Print a game's rules in plain English.
    Rules {
        /// A built-in game or the path to a .toml rule file.
        game: String,
    },

    /// Replay a game record and print the state after it as one line of JSON.
    ///
    /// The JSON object has the keys game, board, to_move, ply, legal, over and
    /// captured, and once the game is over winner, score (in games won on
    /// seeds) and reason. A move that is malformed or illegal is an error
    /// naming the ply, the move and the legal moves.
    #[command(after_help = "Examples:\n  mancala replay modiar \"A c B b\"\n  mancala replay oware B e A c")]
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
    /// make you pass, `undo` to take back your last move, `help` for the
    /// commands and legal moves, or `quit`. Input is read line by line, so it
    /// may be piped in; the game stops cleanly at the end of the input.
    #[command(after_help = "Examples:\n  mancala play modiar\n  mancala play oware --south random --north human\n  \
                            mancala play tihbat --south random --north random --seed 7")]
    Play {
        /// A built-in game or the path to a .toml rule file.
        game: String,
        /// Who plays South: human or random.
        #[arg(long, value_name = "PLAYER", default_value = "human")]
        south: String,
        /// Who plays North: human or random.
        #[arg(long, value_name = "PLAYER", default_value = "random")]
        north: String,
        /// Seed for the computer players' random choices [default: from the clock].
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
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
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
}

/// Reads a positive, finite number of seconds.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text.trim().parse().map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err("the time must be more than 0 seconds".to_string());
    }
    Duration::try_from_secs_f64(secs).map_err(|_| format!("{text} seconds is too long"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`mancala list | head -1`) is not worth a message.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| e.downcast_ref::<io::Error>().is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe))
}

fn run(cli: Cli) -> Result<()> {
    let mut out = io::stdout().lock();
    match cli.command {
        Command::List => {
            let games: Vec<Rules> = Rules::builtin_ids().map(Rules::builtin).collect::<Result<_, _>>()?;
            let width = games.iter().map(|r| r.id().len()).max().unwrap_or(0);
            for rules in &games {
                writeln!(out, "{:<width$}  {}", rules.id(), describe::summary(rules))?;
            }
        }
        Command::Rules { game } => {
            let rules = Rules::load(&game)?;
            let text = describe::rules_text(&rules);
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
        Command::Play { game, south, north, seed } => {
            let seed = seed.unwrap_or_else(clock_seed);
            // Each side gets its own stream of random choices.
            let south = player_arg("--south", &south, seed);
            let north = player_arg("--north", &north, seed.wrapping_add(1));
            let rules = Rules::load(&game)?;
            play::run(rules, south, north, seed, &mut io::stdin().lock(), &mut out)?;
        }
        Command::Bench { game, seconds, json, seed } => {
            let rules = Rules::load(&game)?;
            let id = rules.id().to_string();
            let r = bench::run(rules, seconds, seed.unwrap_or_else(clock_seed));
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
                let mean = r.mean_plies().map_or("no game finished".to_string(), |m| format!("{m:.1}"));
                writeln!(out, "{id}: {} moves in {} games in {:.2} s", r.moves, r.games, r.elapsed.as_secs_f64())?;
                writeln!(out, "moves/s     {:.0}", r.moves_per_sec())?;
                writeln!(out, "games/s     {:.0}", r.games_per_sec())?;
                writeln!(out, "mean plies  {mean}")?;
            }
        }
    }
    out.flush().context("cannot write the output")?;
    Ok(())
}

/// Parses a `--south`/`--north` value, or exits with a usage error (code 2)
/// that lists the valid players.
fn player_arg(flag: &str, spec: &str, seed: u64) -> players::PlayerKind {
    players::parse_player(spec, seed).unwrap_or_else(|msg| {
        Cli::command()
            .error(clap::error::ErrorKind::InvalidValue, format!("invalid value {spec:?} for '{flag} <PLAYER>': {msg}"))
            .exit()
    })
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    now.as_secs().wrapping_mul(1_000_000_007) ^ u64::from(now.subsec_nanos()) ^ u64::from(std::process::id()) << 32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn seconds() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("inf").is_err());
        assert!(parse_seconds("1e30").is_err());
        assert!(parse_seconds("x").is_err());
    }
}
