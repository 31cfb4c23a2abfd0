//! `[end]`: how a game ends and who wins.

use serde::{Deserialize, Serialize};

/// `[end]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndSpec {
    /// With `result = "seeds"`: what happens to the seeds on the board when
    /// the player to move has no legal move.
    #[serde(default)]
    pub no_moves: Settlement,
    /// With `result = "deprivation"`: the result when the player to move has
    /// seeds but no legal move.
    #[serde(default)]
    pub stuck: Stuck,
    /// What a repeated position does.
    #[serde(default)]
    pub repetition: Repetition,
    /// The game ends once a player holds more than half the seeds, or both half.
    #[serde(default)]
    pub majority: bool,
    /// How the winner is decided.
    #[serde(default)]
    pub result: ResultRule,
    /// The game ends as soon as either row is empty, whoever is to move;
    /// the seeds left are settled as `no_moves` says (Kalah).
    #[serde(default)]
    pub any_row_empty: bool,
    /// The game ends as soon as fewer than this many seeds (but some) are
    /// left on the board: too few for any capture to change the outcome.
    /// The seeds left are settled as `no_moves` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub too_few_seeds: Option<u32>,
    /// With `moves.must_feed`: when the game ends because the player to
    /// move has seeds but cannot feed the opponent's empty row, the
    /// opponent (who could not be fed) takes the seeds left.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unfed_takes_rest: bool,
    /// The game ends as soon as the player who just moved has no seeds left
    /// in their row; the seeds left are settled as `no_moves` says (with
    /// `result = "deprivation"`: that player loses, unless the opponent's
    /// row is empty too).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mover_row_empty: bool,
    /// With `moves.when_none = "pass"`: the game ends when neither player
    /// has a legal move (rather than both passing for ever, as can happen
    /// when `moves.min_seeds` leaves seeds no one may play); the seeds left
    /// are settled as `no_moves` says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub both_stuck: bool,
    /// The game ends once a player has captured more than this many seeds
    /// (a majority rule at another threshold: in a match of rounds, the
    /// point past which the opponent cannot fill `rounds.min_holes` holes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_seeds: Option<u32>,
    /// With `result = "deprivation"`: the goal is to empty one's own row.
    /// The game ends as soon as a row is empty after a move, won by the
    /// player who moved if their row is empty, else by the opponent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_row_wins: bool,
    /// With `too_few_seeds`: the player who made the last move takes the
    /// seeds left when too few are left, whatever `no_moves` says for the
    /// other ends (StoneShark's last seeds picked by the mover). They are
    /// picked up as part of the move, before a majority or `win_seeds` is
    /// counted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub too_few_to_mover: bool,
    /// The game ends when a move leaves the row of its mover's opponent
    /// empty (StoneShark's CLEARED_OPP); the seeds left are settled as
    /// `no_moves` says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_row_empty: bool,
    /// When the game ends because a player holds a majority or more than
    /// `win_seeds` (counting the seeds of the holes they own), that player
    /// takes every seed left on the board, whatever `no_moves` says for the
    /// other ends (StoneShark's territory rounds).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rest_to_winner: bool,
    /// With `too_few_seeds`: the player who made the first move of the
    /// game (in a match of rounds, of the round) takes the seeds left when
    /// too few are left, whatever `no_moves` says for the other ends
    /// (StoneShark's last seeds picked by the round's starter), before a
    /// majority or `win_seeds` is counted, as `too_few_to_mover`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub too_few_to_starter: bool,
}

impl Default for EndSpec {
    fn default() -> Self {
        EndSpec {
            no_moves: Settlement::CollectOwn,
            stuck: Stuck::Draw,
            repetition: Repetition::None,
            majority: false,
            result: ResultRule::Seeds,
            any_row_empty: false,
            too_few_seeds: None,
            unfed_takes_rest: false,
            mover_row_empty: false,
            both_stuck: false,
            win_seeds: None,
            empty_row_wins: false,
            too_few_to_mover: false,
            opponent_row_empty: false,
            rest_to_winner: false,
            too_few_to_starter: false,
        }
    }
}

/// What happens to the seeds left on the board when a game ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Settlement {
    /// Each player adds the seeds in their own row.
    #[default]
    CollectOwn,
    /// The seeds are shared equally (a share may be half a seed).
    Share,
    /// All the seeds left go to the player who made the last move.
    LastMover,
    /// The seeds left leave the game, counted for nobody.
    Removed,
    /// The seeds left are shared equally; an odd seed goes to the player
    /// with fewer seeds so far (halved when they have as many).
    ShareOddToBehind,
}

/// The result when a deprivation game's mover has seeds but no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stuck {
    /// A draw (the spec's decision for Sadeqa II).
    #[default]
    Draw,
    /// The player who cannot move loses.
    Loss,
}

/// What happens when a position recurs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Nothing: play goes on.
    #[default]
    None,
    /// The game ends and the board is shared equally.
    Share,
    /// The game ends and each player collects their own row.
    CollectOwn,
    /// The game ends in a draw.
    Draw,
}

/// How the winner is decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultRule {
    /// Most seeds (captured plus the end-of-game settlement) wins.
    #[default]
    Seeds,
    /// A player left without a move and without seeds loses.
    Deprivation,
}
