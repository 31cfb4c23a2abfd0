//! Who sits at each side of the board in `mancala play`.
//!
//! A player is written on the command line as `NAME` or `NAME:OPTIONS`, where
//! OPTIONS are comma-separated `key=value` pairs or bare values, for example
//! `random`, `alphabeta:depth=8` or `ai:3`. [`parse_player`] turns such a spec
//! into a [`PlayerKind`]: either the human at the keyboard, whose moves the
//! game loop reads from stdin, or a computer [`Player`].
//!
//! To add a computer player: implement [`Player`], add its form to [`FORMS`]
//! and an arm to the `match` in [`parse_player`] (use [`Spec`] to read its
//! options).

use std::fmt;
use std::str::FromStr;

use mancala_core::{Game, Move};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A computer player: picks a move for the side to move.
pub trait Player {
    /// A short name shown beside the board, e.g. `random` or `alphabeta:depth=8`.
    fn name(&self) -> String;

    /// The move to play in `game`.
    ///
    /// Only called while the game is not over, so there is at least one legal
    /// move. The move must be one of `game.legal_moves()`.
    fn choose(&mut self, game: &Game) -> Move;
}

/// Who plays a side.
pub enum PlayerKind {
    /// The person at the keyboard: moves are read from stdin.
    Human,
    /// A computer player.
    Computer(Box<dyn Player>),
}

impl PlayerKind {
    /// Whether this is the human at the keyboard.
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerKind::Human)
    }

    /// The player's name: `human`, or the computer player's [`Player::name`].
    pub fn name(&self) -> String {
        match self {
            PlayerKind::Human => "human".to_string(),
            PlayerKind::Computer(p) => p.name(),
        }
    }
}

impl fmt::Debug for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayerKind({})", self.name())
    }
}

/// The player forms [`parse_player`] accepts, with a short description of
/// each; error messages and help texts list them.
pub const FORMS: &[(&str, &str)] = &[
    ("human", "you, typing moves at the prompt"),
    ("random[:seed=N]", "a uniformly random legal move, reproducible with --seed"),
];

/// The accepted forms as one line: `human (you, ...), random (...)`.
pub fn forms_list() -> String {
    FORMS.iter().map(|(form, what)| format!("{form} ({what})")).collect::<Vec<_>>().join(", ")
}

/// Reads a player spec such as `human`, `random` (later `alphabeta:depth=8`,
/// `mcts:ms=500`, `ai:3`). `seed` seeds the player's random choices.
///
/// An unknown player, or options a player does not take, is an error that
/// lists the valid forms.
pub fn parse_player(spec: &str, seed: u64) -> Result<PlayerKind, String> {
    let mut parsed = Spec::parse(spec)?;
    let kind = match parsed.name {
        "human" => PlayerKind::Human,
        "random" => {
            let seed = parsed.value::<u64>("seed")?.unwrap_or(seed);
            PlayerKind::Computer(Box::new(RandomPlayer::new(seed)))
        }
        other => {
            return Err(format!("unknown player {other:?}; valid players: {}", forms_list()));
        }
    };
    parsed.finish()?;
    Ok(kind)
}

/// A player spec split into its name and options: `mcts:ms=500,c=1.4` has
/// the name `mcts` and the options `ms=500` and `c=1.4`; `ai:3` has one bare
/// option `3`.
///
/// Read options with [`Spec::value`] and [`Spec::bare`], then call
/// [`Spec::finish`], which rejects any option that was not read.
#[derive(Debug)]
pub struct Spec<'a> {
    /// The whole spec, for messages.
    pub text: &'a str,
    /// The player's name, before any `:`.
    pub name: &'a str,
    /// The options not read yet: `(Some(key), value)` or `(None, bare value)`.
    options: Vec<(Option<&'a str>, &'a str)>,
}

impl<'a> Spec<'a> {
    /// Splits `text` into a name and options.
    pub fn parse(text: &'a str) -> Result<Spec<'a>, String> {
        let text = text.trim();
        let (name, rest) = match text.split_once(':') {
            Some((name, rest)) => (name.trim(), Some(rest)),
            None => (text, None),
        };
        if name.is_empty() {
            return Err(format!("empty player name in {text:?}; valid players: {}", forms_list()));
        }
        let mut options = Vec::new();
        for item in rest.into_iter().flat_map(|r| r.split(',')) {
            let item = item.trim();
            if item.is_empty() {
                return Err(format!("player {text:?}: empty option"));
            }
            options.push(match item.split_once('=') {
                Some((key, value)) => (Some(key.trim()), value.trim()),
                None => (None, item),
            });
        }
        Ok(Spec { text, name, options })
    }

    /// Takes the option `key=VALUE`, parsed as a `T`; `None` when absent.
    pub fn value<T: FromStr>(&mut self, key: &str) -> Result<Option<T>, String>
    where
        T::Err: fmt::Display,
    {
        let Some(i) = self.options.iter().position(|(k, _)| *k == Some(key)) else {
            return Ok(None);
        };
        let (_, value) = self.options.remove(i);
        value.parse().map(Some).map_err(|e| format!("player {:?}: option {key}={value:?}: {e}", self.text))
    }

    /// Takes the first bare option (one without `=`), parsed as a `T`.
    #[allow(dead_code, reason = "for players written `name:VALUE`, such as `ai:3`")]
    pub fn bare<T: FromStr>(&mut self) -> Result<Option<T>, String>
    where
        T::Err: fmt::Display,
    {
        let Some(i) = self.options.iter().position(|(k, _)| k.is_none()) else {
            return Ok(None);
        };
        let (_, value) = self.options.remove(i);
        value.parse().map(Some).map_err(|e| format!("player {:?}: option {value:?}: {e}", self.text))
    }

    /// Checks that every option was read.
    pub fn finish(self) -> Result<(), String> {
        match self.options.first() {
            None => Ok(()),
            Some((key, value)) => {
                let option = match key {
                    Some(key) => format!("{key}={value}"),
                    None => value.to_string(),
                };
                Err(format!(
                    "player {:?}: {} takes no option {option:?}; valid players: {}",
                    self.text,
                    self.name,
                    forms_list()
                ))
            }
        }
    }
}

/// Plays a uniformly random legal move.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: SmallRng::seed_from_u64(seed) }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &Game) -> Move {
        let children = game.successors();
        if children.is_empty() {
            // Not called on a finished game; a pass is then harmlessly refused.
            return Move::Pass;
        }
        children[self.rng.random_range(0..children.len())].mv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_players_parse() {
        assert!(parse_player("human", 1).unwrap().is_human());
        assert_eq!(parse_player("random", 1).unwrap().name(), "random");
        assert_eq!(parse_player(" random ", 1).unwrap().name(), "random");
    }

    #[test]
    fn unknown_player_lists_forms() {
        let err = parse_player("chess-master", 1).unwrap_err();
        assert!(err.contains("unknown player \"chess-master\""), "{err}");
        assert!(err.contains("human") && err.contains("random"), "{err}");
        assert!(parse_player("", 1).unwrap_err().contains("valid players"));
    }

    #[test]
    fn unread_options_are_rejected() {
        assert_eq!(parse_player("random:seed=5", 1).unwrap().name(), "random");
        assert!(parse_player("random:seed=x", 1).unwrap_err().contains("seed=\"x\""));
        let err = parse_player("random:depth=3", 1).unwrap_err();
        assert!(err.contains("depth=3"), "{err}");
        assert!(parse_player("human:", 1).unwrap_err().contains("empty option"));
    }

    #[test]
    fn spec_options() {
        let mut s = Spec::parse("mcts:ms=500, 3 ,c=1.5").unwrap();
        assert_eq!(s.name, "mcts");
        assert_eq!(s.value::<u64>("ms"), Ok(Some(500)));
        assert_eq!(s.value::<u64>("ms"), Ok(None));
        assert_eq!(s.bare::<u32>(), Ok(Some(3)));
        assert!(s.value::<u32>("c").unwrap_err().contains("c=\"1.5\""));
        s.finish().unwrap();
    }

    #[test]
    fn random_player_is_reproducible() {
        let rules = mancala_core::Rules::builtin("oware").unwrap();
        let play = |seed| {
            let mut game = Game::new(rules.clone());
            let mut p = RandomPlayer::new(seed);
            while !game.is_over() {
                let mv = p.choose(&game);
                game.play(mv).unwrap();
            }
            game.record()
        };
        assert_eq!(play(7), play(7));
    }
}
