//! Loading, validating and compiling rule files.
//!
//! A [`RuleSpec`] is what a file says; [`Rules`] is the same game compiled
//! into lookup tables and plain values so that playing a move reads no rule
//! option twice and never allocates.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use crate::Side;
use crate::position::{
    DIRECTION_SET, MAX_HOLES, MAX_HOLES_PER_ROW, MAX_SEEDS, MOVED_AGAIN, Move, NORTH_STARTED,
    Position, SOUTH_CLOCKWISE,
};
use crate::spec::*;

include!(concat!(env!("OUT_DIR"), "/builtin_games.rs"));

/// A rule file that could not be loaded: the file, the key (with its line
/// when known) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The file (or built-in name) the rules came from.
    pub file: String,
    /// The key, as a dotted path such as `capture.chain`, when one is at fault.
    pub key: Option<String>,
    /// 1-based line of the key in the file, when known.
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A rule file may hold anything: control characters are shown
        // escaped (`\u{1b}`), never sent to the terminal.
        write!(f, "{}", escape_controls(&self.file))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": ")?;
        if let Some(key) = &self.key {
            write!(f, "key `{}`: ", escape_controls(key))?;
        }
        write!(f, "{}", escape_controls(&self.reason))
    }
}

/// `text` with its control characters escaped as in Rust (`\u{7}`, `\n`).
fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

impl std::error::Error for RuleError {}

/// A game's rules, validated and compiled.
///
/// Build one with [`Rules::builtin`], [`Rules::load`] (a built-in name or a
/// path), [`Rules::from_toml`] or [`Rules::compile`]. Then
/// [`start`](Rules::start) gives the opening position and
/// [`legal_moves`](Rules::legal_moves) / [`play`](Rules::play) drive it;
/// [`Game`](crate::Game) adds the history that repetition rules need.
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) spec: Arc<RuleSpec>,
    pub(crate) id: String,
    /// Holes in a row.
    pub(crate) n: usize,
    /// Holes on the board.
    pub(crate) holes: usize,
    /// The eight-hole words of the board its holes take (1 to 4): a lap
    /// sown a word at a time touches no other.
    pub(crate) board_words: usize,
    pub(crate) total_seeds: u32,
    /// The board at the start (`board.layout`).
    pub(crate) start_board: [u8; MAX_HOLES],
    /// Whether sowing runs clockwise (decreasing hole index).
    pub(crate) clockwise: bool,
    /// The hole before each hole, against the sowing direction (capture chains).
    pub(crate) prev: [u8; MAX_HOLES],
    /// The hole after each hole, in the sowing direction (captures across a gap).
    pub(crate) next: [u8; MAX_HOLES],
    /// With `rule = "across-gap"`: the last hole need not have held seeds
    /// before the last seed (relay games).
    pub(crate) gap_from_any: bool,
    /// Bit mask of each side's row.
    pub(crate) row_mask: [u32; 2],
    /// `row_mask` a byte a hole: `0xFF` in the row, 0 elsewhere.
    pub(crate) row_bytes: [[u8; MAX_HOLES]; 2],
    /// Each side's rightmost hole.
    pub(crate) rightmost: [u8; 2],
    pub(crate) min_seeds: u8,
    pub(crate) start_in_origin: bool,
    pub(crate) relay: bool,
    /// A relay ends where its last seed can capture.
    pub(crate) relay_stops_at_capture: bool,
    /// Holes reaching a capturing count while sown are taken by their owner.
    pub(crate) passing_captures: bool,
    pub(crate) skip_origin: bool,
    pub(crate) endless_draws: bool,
    pub(crate) opening_rightmost: bool,
    /// The opening restriction holds for the game's first move only.
    pub(crate) opening_first_only: bool,
    pub(crate) opening_nearest: bool,
    /// Bits of `opened` that take part in position identity (repetition).
    pub(crate) opened_key_mask: u8,
    /// Each player's first move sows this way, clockwise when `true`,
    /// where the mover otherwise chooses (`sowing.first_moves_direction`).
    pub(crate) first_moves_clockwise: Option<bool>,
    pub(crate) must_feed: bool,
    /// Under must-feed, feeding is judged after the move's captures.
    pub(crate) feed_after_capture: bool,
    /// Under must-feed, every move stays legal when none feeds
    /// (`moves.feed_else_any`).
    pub(crate) feed_else_any: bool,
    pub(crate) pass_when_stuck: bool,
    pub(crate) capture: CaptureKind,
    /// `capturing[c]`: a hole holding `c` seeds is captured (count rule).
    pub(crate) capturing: [bool; 256],
    /// `relay_divmod[s]`: `s / holes` in the high byte, `s % holes` in the
    /// low one (a relay lap's whole rounds and remainder, without a division).
    pub(crate) relay_divmod: [u16; 256],
    /// The same for a lap of `sow_lap` round the holes it sows: all of
    /// them, less the origin with `skip_origin`.
    pub(crate) lap_divmod: [u16; 256],
    /// Per mover: holes in which a last seed may capture.
    pub(crate) capture_zone: [u32; 2],
    pub(crate) chain: Chain,
    pub(crate) to_mover: bool,
    pub(crate) capture_on_opening: bool,
    pub(crate) grand_slam: GrandSlam,
    pub(crate) grand_slam_fallback_captures: bool,
    /// With forbidden grand slams: when every move is one, none may be played.
    pub(crate) grand_slam_fallback_none: bool,
    /// With `rule = "opposite"`: the capturing seed is taken too.
    pub(crate) take_sower: bool,
    /// With `rule = "opposite"`: an empty opposite hole still captures (the sower).
    pub(crate) empty_opposite: bool,
    /// With `rule = "opposite"` and `counts`: the opposite hole is taken
    /// only when it holds a count of `capturing`.
    pub(crate) opposite_counted: bool,
    /// With `rule = "opposite"`: the opposite seeds go into the last hole
    /// (`capture.pull_across`).
    pub(crate) pull_across: bool,
    /// With a chain: the most holes one capture takes (`u32::MAX`: no limit).
    pub(crate) chain_limit: u32,
    /// Which way a chain runs (`capture.chain_direction`).
    pub(crate) chain_direction: ChainDirection,
    /// A chain that the rare path takes (`Rules::rare_chain`): one that runs
    /// onwards, or one of matching holes.
    pub(crate) chain_rare: bool,
    /// Holes not yet moved from are never captured from
    /// (`capture.moved_from_only`).
    pub(crate) moved_from_only: bool,
    /// A player moves from every hole of their row once before moving
    /// from one again (`moves.each_hole_first`).
    pub(crate) each_hole_first: bool,
    /// Positions record the holes moved from (`Position::moved_from`): a
    /// rule reads them.
    pub(crate) tracks_moved_from: bool,
    /// With `!capture_on_opening`: nothing is captured until both players
    /// have moved (not only until the first player has).
    pub(crate) capture_after_both: bool,
    /// Whether captures wait, by who has moved (`Position::opened & 0b11`):
    /// `capture_on_opening` and `capture_after_both` as one lookup, which
    /// every capture asks.
    pub(crate) captures_wait: [bool; 4],
    /// A move from a hole of one seed captures nothing.
    pub(crate) not_from_single: bool,
    /// With the count rule: the move takes every capturing hole of the
    /// opponent's row when it ends there or in the mover's rightmost hole.
    pub(crate) sweep: bool,
    /// With the count rule: the move takes every capturing hole of the
    /// board, wherever it ends (`capture.sweep_board`).
    pub(crate) sweep_board: bool,
    /// Only moves that leave the opponent seeds, when there are such.
    pub(crate) must_leave_seeds: bool,
    /// Whether the mover's own store is in the sowing ring.
    pub(crate) sow_into_store: bool,
    /// Per mover: the cell after each cell in that mover's sowing ring,
    /// where cells `0..MAX_HOLES` are holes and [`STORE_CELL`] + side is a
    /// store (only used when `sow_into_store` or `own_row`).
    pub(crate) ring_next: [[u8; RING_CELLS]; 2],
    pub(crate) extra_turn_store: bool,
    pub(crate) extra_turn_capture: bool,
    /// Each player sows their own row only (`sowing.own_row`).
    pub(crate) own_row: bool,
    /// A lap follows `ring_next` (`sow_into_store` or `own_row`) rather
    /// than the computed next hole.
    pub(crate) ring_table: bool,
    /// Only moves whose first lap ends across, in a store or in an empty
    /// hole of the mover's row (`moves.empty_or_across`).
    pub(crate) empty_or_across: bool,
    /// A single seed moves only into an empty next hole (`moves.single_to_empty`).
    pub(crate) single_to_empty: bool,
    /// Moves may start in either row (`moves.any_row`).
    pub(crate) any_row: bool,
    pub(crate) end: EndSpec,
    /// The match's rounds, if it is played in rounds.
    pub(crate) rounds: Option<RoundsSpec>,
    /// How a move's sowing direction is found; with `Fixed` (every game
    /// that sows one way) the next two fields are unused.
    pub(crate) direction_rule: DirectionRule,
    /// Per hole: how a move from it finds its direction.
    pub(crate) hole_direction: [HoleDirection; MAX_HOLES],
    /// The same game sowing clockwise, for the moves that do (games whose
    /// direction varies; these rules then sow counter-clockwise). Stores
    /// stay where they are: the twin's ring is this ring backwards.
    pub(crate) twin: Option<Arc<Rules>>,
    /// With `sowing.start = "origin"`: a single seed is sown into the next hole.
    pub(crate) single_to_next: bool,
    /// How holes become a player's own (`[owned]`), if they can.
    pub(crate) owning: Option<Owning>,
    /// A relay goes on from the hole after each lap's last hole
    /// (`sowing.relay_from_next`).
    pub(crate) relay_next: bool,
    /// `passing[c]`: a hole a seed brings to `c` seeds is taken by its
    /// owner while sowing (`passing_captures`; `capture.counts` unless
    /// `sowing.passing_counts` says otherwise).
    pub(crate) passing: [bool; 256],
    /// A lap's last seed takes part in passing captures (`sowing.passing_last`).
    pub(crate) passing_last: bool,
    /// After each move, 1 to this many seeds left on the board go to the
    /// mover (`capture.take_last`; 0: never).
    pub(crate) take_last: u32,
    /// A capture takes the hole facing its first hole too (`capture.take_facing`).
    pub(crate) take_facing: bool,
    /// A capture earns an extra turn only on a move that is not one
    /// (`moves.extra_turn_once`).
    pub(crate) extra_turn_once: bool,
    /// Each relay lap's end captures (`sowing.lap_captures`).
    pub(crate) lap_captures: bool,
    /// Per mover: the holes whose seeds count for `take_last`.
    pub(crate) take_last_counted: [u32; 2],
    /// Holes taken while sowing go to the mover (`sowing.passing_to_mover`).
    pub(crate) passing_to_mover: bool,
    /// A lap's captured seeds are sown on (`sowing.lap_captures_sown_on`).
    pub(crate) lap_captures_sown_on: bool,
    /// Any of the rules few games use and whose checks would cost every
    /// move of the others: relays from the next hole, lap captures,
    /// `take_last`, `take_facing`, `extra_turn_once`, territory, a shifting
    /// opening, moves from either row, captures pulled across, extra turns
    /// in the opponent's store, a sowing direction chosen or alternating
    /// (`sowing.direction`, `sowing.chosen_holes`), moves that must end
    /// empty or across or may not move a single seed into an occupied hole
    /// (`moves.empty_or_across`, `moves.single_to_empty`). A new rule
    /// checked on every move belongs here. The engine
    /// compiles a move generator without those checks for games without
    /// them (see `Rules::successors_with`).
    pub(crate) rare: bool,
    /// Every hole the mover may sow from is a legal move (see
    /// `Rules::lists_moves_without_sowing`).
    pub(crate) moves_without_sowing: bool,
    /// Any end rule checked after every move besides an empty board and
    /// an empty row (`end.majority`, `end.win_seeds`, `end.too_few_seeds`,
    /// the rows emptied by or for the mover, `end.empty_row_wins`): one
    /// test a move in the games without them (see
    /// `Rules::end_before_moves`).
    pub(crate) rare_ends: bool,
    /// Per origin and number of seeds below the number of holes, how a lap
    /// around the board's holes sows (see `ShortLap`).
    pub(crate) short_laps: Arc<[crate::engine::ShortLap]>,
    /// The same for laps around a table ring (`ring_table`), per mover.
    pub(crate) ring_laps: Arc<[crate::engine::ShortLap]>,
    /// The first move shifts seeds instead of sowing (`moves.opening_shift`).
    pub(crate) opening_shift: bool,
    /// The opponent's store is in the sowing ring too
    /// (`sowing.into_opponent_store`).
    pub(crate) sow_into_opponent_store: bool,
    /// A last seed in the opponent's store earns another move
    /// (`moves.extra_turn_opponent_store`).
    pub(crate) extra_turn_opponent_store: bool,
    /// A relay goes on only from the counts of `relay_goes_on`
    /// (`sowing.relay_counts`).
    pub(crate) relay_counted: bool,
    /// `relay_goes_on[c]`: a lap whose last hole then holds `c` seeds may go
    /// on (with `relay_counted`).
    pub(crate) relay_goes_on: [bool; 256],
    /// A grand slam leaves one hole (`capture.grand_slam_leaves`): `Some(true)`
    /// the lowest-numbered holding seeds (the rightmost as the capturer sees
    /// the opponent's row), `Some(false)` the highest.
    pub(crate) slam_leaves_lowest: Option<bool>,
    /// Each lap's first lifted seed goes to the mover (`sowing.lap_keeps_one`).
    pub(crate) lap_keeps_one: bool,
    /// A last seed in the opponent's store takes it (`capture.opponent_store`).
    pub(crate) take_opponent_store: bool,
    /// Per mover: the holes a relay lap may go on from
    /// (`sowing.relay_from`; with `relay_counted`).
    pub(crate) relay_rows: [u32; 2],
    /// Per mover: the holes taken while sowing (`passing_captures`): the
    /// capture zone, within the rows of `sowing.passing_from`.
    pub(crate) passing_zone: [u32; 2],
    /// Per mover: the holes where a last seed into an empty hole loses the
    /// mover's store to the opponent (`capture.store_lost_in`; 0: nowhere).
    pub(crate) store_lost: [u32; 2],
    /// A lap lifting one seed takes the facing hole (`sowing.single_takes_facing`).
    pub(crate) single_takes_facing: bool,
    /// Singles in the mover's row take their facing holes before a move
    /// (`sowing.singles_take_facing`).
    pub(crate) singles_take_facing: bool,
    /// `lap_keeps_one || single_takes_facing || singles_take_facing`: one
    /// test a lap for all of them.
    pub(crate) lap_prelude: bool,
    /// `take_opponent_store` or some `store_lost`: one test a capture for both.
    pub(crate) store_captures: bool,
    /// A lap's last seed bringing a hole of `closable` to this count closes
    /// it (`sowing.closes_at`; 0: no hole is ever closed).
    pub(crate) closes_at: u8,
    /// Per mover: the holes a lap may close (the opponent's row, less its
    /// rightmost hole with `sowing.closing_spares_rightmost`).
    pub(crate) closable: [u32; 2],
    /// Each player's first move starts in the right half of their row
    /// when it can (`moves.opening = "right-half"`).
    pub(crate) opening_right_half: bool,
    /// Per side: the right half of the row, as its player sees it.
    pub(crate) right_half: [u32; 2],
    /// Each player's first move is one lap whose last seed lands in the
    /// opponent's row (`sowing.opening_lands_across`).
    pub(crate) opening_lands_across: bool,
    /// A lap of `lap_captures` that starts with at most this many seeds
    /// on the board gives the seeds it sows across to the opponent
    /// (`sowing.opponent_takes_sown_at`; 0: never).
    pub(crate) opponent_takes_at: u32,
    /// A sowing passes over the opponent's holes holding this many seeds
    /// (`sowing.skip_opponent_count`; 0: none).
    pub(crate) skip_count: u8,
    /// Holes holding this many seeds or more are passed over by the
    /// sowing (`sowing.hole_limit`; 0: none).
    pub(crate) hole_limit: u8,
    /// The rules the first move of a game (of a round) sows by: these
    /// without `skip_count` (`sowing.skip_not_on_opening`).
    pub(crate) opening_rules: Option<Arc<Rules>>,
    /// Any rule that changes how a lap sows or what it does first
    /// (`lap_prelude`, `skip_count` or `hole_limit`): one test a lap for
    /// all of them, derived by [`Rules::has_rare_lap`].
    pub(crate) lap_rare: bool,
    /// Holes holding this many seeds are played only when all do
    /// (`moves.last_resort_count`; 0: no such rule).
    pub(crate) last_resort: u8,
    /// ... and then only the rightmost (`moves.last_resort_rightmost`).
    pub(crate) last_resort_rightmost: bool,
    /// The opening starts from one of the two rightmost playable holes
    /// (`moves.opening = "first-two-rightmost"`).
    pub(crate) opening_two: bool,
    /// A capture takes every counted hole of the opponent's row too
    /// (`capture.take_counted`).
    pub(crate) take_counted: bool,
    /// Holes holding enough seeds to sow round and back are rams
    /// (`moves.rams`).
    pub(crate) rams: bool,
    /// No move from a hole facing a single seed (`moves.not_facing_single`).
    pub(crate) not_facing_single: bool,
    /// No move whose first lap ends in an empty hole (`moves.lands_occupied`).
    pub(crate) lands_occupied: bool,
    /// A relay from the next hole goes on from the mover's store
    /// (`sowing.relay_from_store`).
    pub(crate) relay_from_store: bool,
    /// Per hole: the seeds that make it a ram (with `rams`).
    pub(crate) ram_at: [u8; MAX_HOLES],
}

/// How a game's moves find their sowing direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DirectionRule {
    /// Every move sows as `Rules::clockwise` says.
    Fixed,
    /// Each hole's [`HoleDirection`] says.
    PerHole,
    /// The first move chooses; then each player keeps a direction
    /// (kept in the position, see [`Position::fixed_direction`]).
    Alternate,
}

/// How a move from one hole finds its direction, in games whose direction varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HoleDirection {
    CounterClockwise,
    Clockwise,
    /// The mover chooses: `Move::Sow` counter-clockwise, `Move::SowClockwise` clockwise.
    Chosen,
    /// Odd counts sow counter-clockwise, even ones clockwise.
    Parity,
}

/// `[owned]`, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Owning {
    /// The count a last seed must bring a plain hole to.
    pub(crate) count: u8,
    /// The most holes a player may own (0: no limit).
    pub(crate) per_player: u32,
    /// Per mover: the holes the mover may make their own (row and places).
    pub(crate) zone: [u32; 2],
    pub(crate) not_mirror: bool,
    pub(crate) not_facing: bool,
    /// A sowing passes over the mover's own owned holes.
    pub(crate) past_own: bool,
    /// A sowing passes over the opponent's owned holes.
    pub(crate) past_opponent: bool,
    /// ... but not with the last seed.
    pub(crate) past_but_last: bool,
    /// The last hole and the one facing it are made owned together.
    pub(crate) pair_opposite: bool,
    /// With the hole before the last one (`make = "pair-before"`).
    pub(crate) pair_before: bool,
    /// Seeds a last seed takes from an opponent's owned hole.
    pub(crate) raid: u8,
    /// Holes owned at the start.
    pub(crate) at_start: [u32; 2],
    /// Captures go into the mover's first owned hole.
    pub(crate) captures_into: bool,
    /// Whose holes this territory round the mover may make their own.
    pub(crate) holder: RowChoice,
}

impl Owning {
    fn compile(o: &OwnedSpec, n: usize, row_mask: [u32; 2]) -> Owning {
        let all = row_mask[0] | row_mask[1];
        // Hole `k` of a row counted from its owner's left: South's row runs
        // left to right from South's seat, North's from North's.
        let at = |k: usize| (1u32 << k) | (1u32 << (n + k));
        let ends = at(0) | at(n - 1);
        let zone = Side::BOTH.map(|mover| {
            let own = row_mask[mover.index()];
            let opp = row_mask[mover.opponent().index()];
            let row = match o.row {
                RowChoice::Any => all,
                RowChoice::Own => own,
                RowChoice::Opponent => opp,
            };
            let places = match o.places {
                OwnedPlaces::Anywhere => all,
                OwnedPlaces::Ends => ends,
                OwnedPlaces::NotEnds => all & !ends,
                OwnedPlaces::NotOpponentLast => all & !(at(n - 1) & opp),
                OwnedPlaces::NotOpponentFirst => all & !(at(0) & opp),
                OwnedPlaces::OpponentEndsOwnMiddle => (ends & opp) | (own & !ends),
                OwnedPlaces::EndsAndOpponentNextToEnds => ends | ((at(1) | at(n - 2)) & opp),
            };
            row & places
        });
        Owning {
            count: o.count as u8,
            per_player: o.per_player,
            zone,
            not_mirror: o.not_mirror,
            not_facing: o.not_facing,
            past_own: o.sow_past == SowPast::All,
            past_opponent: o.sow_past != SowPast::None,
            past_but_last: o.sow_past == SowPast::OpponentButLast,
            pair_opposite: o.make == OwnedMake::PairOpposite,
            pair_before: o.make == OwnedMake::PairBefore,
            raid: o.raid.min(255) as u8,
            at_start: match o.at_start {
                OwnedStart::None => [0, 0],
                OwnedStart::Rightmost => [1 << (n - 1), 1 << (2 * n - 1)],
            },
            captures_into: o.captures_into,
            holder: o.holder,
        }
    }
}

/// The cell number of South's store in a sowing ring; North's is the next.
pub(crate) const STORE_CELL: usize = MAX_HOLES;
/// Cells a sowing ring can name: the holes and the two stores.
pub(crate) const RING_CELLS: usize = MAX_HOLES + 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CaptureKind {
    None,
    Counts,
    Opposite,
    AcrossGap,
    Next,
    Match,
    NextCounts,
}

impl Rules {
    /// The ids of the built-in games, in the order `mancala list` shows them.
    pub fn builtin_ids() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(id, _)| *id)
    }

    /// A built-in game by id (`"modiar"`, `"tihbat"`, `"sadeqa-ii"`, `"oware"`).
    pub fn builtin(id: &str) -> Result<Rules, RuleError> {
        match BUILTIN.iter().find(|(bid, _)| *bid == id) {
            Some((bid, text)) => Rules::from_toml(bid, text, &format!("games/{bid}.toml")),
            None => Err(RuleError {
                file: id.to_string(),
                key: None,
                line: None,
                reason: format!(
                    "no such game; {}built-in games are {}, or give a path to a .toml rule file",
                    Rules::closest_builtin(id)
                        .map_or(String::new(), |near| format!("did you mean {near}? ")),
                    Rules::builtin_ids().collect::<Vec<_>>().join(", ")
                ),
            }),
        }
    }

    /// The built-in game whose id is nearest to a mistyped `id` (a letter
    /// or two off, swapped letters: `modair` is `modiar`), if one is near.
    pub fn closest_builtin(id: &str) -> Option<&'static str> {
        let typed = id.trim().to_lowercase();
        let tolerance = (typed.chars().count() / 3).clamp(1, 3);
        Rules::builtin_ids()
            .map(|b| (strsim::osa_distance(&typed, b), b))
            .filter(|&(d, _)| d <= tolerance)
            .min()
            .map(|(_, b)| b)
    }

    /// The built-in rule file text for `id`.
    pub fn builtin_source(id: &str) -> Option<&'static str> {
        BUILTIN
            .iter()
            .find(|(bid, _)| *bid == id)
            .map(|(_, text)| *text)
    }

    /// A built-in name, or else a path to a rule file (its id is the file
    /// stem), optionally followed by board parameters after a colon:
    /// `kalah:holes=4,seeds=3` is Kalah with 4 holes a row and 3 seeds a
    /// hole. The parameters are `holes` (holes a row), `seeds` (seeds a
    /// hole) and `first` (`south` or `north`, who moves first); the game's
    /// id is then the whole text.
    pub fn load(name: &str) -> Result<Rules, RuleError> {
        let (base, params) = split_params(name);
        let (id, text, file) = Rules::source_of(base)?;
        let Some(params) = params else {
            return Rules::from_toml(&id, &text, &file);
        };
        let mut spec: RuleSpec = toml::from_str(&text).map_err(|e| toml_error(&file, &text, &e))?;
        apply_params(&mut spec, params).map_err(|(key, reason)| RuleError {
            file: name.to_string(),
            key: Some(key),
            line: None,
            reason,
        })?;
        Rules::compile(name, spec).map_err(|issue| RuleError {
            file: name.to_string(),
            line: None,
            key: Some(issue.key),
            reason: issue.reason,
        })
    }

    /// The id, rule text and file name of a built-in name or a path.
    fn source_of(name_or_path: &str) -> Result<(String, String, String), RuleError> {
        if let Some(text) = Rules::builtin_source(name_or_path) {
            return Ok((
                name_or_path.to_string(),
                text.to_string(),
                format!("games/{name_or_path}.toml"),
            ));
        }
        let path = Path::new(name_or_path);
        let looks_like_path = name_or_path.contains(['/', '\\']) || name_or_path.ends_with(".toml");
        if !looks_like_path && !path.exists() {
            return Err(Rules::builtin(name_or_path).expect_err("not a built-in game"));
        }
        let text = std::fs::read_to_string(path).map_err(|e| RuleError {
            file: name_or_path.to_string(),
            key: None,
            line: None,
            reason: format!("cannot read the rule file: {e}"),
        })?;
        let id = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| name_or_path.to_string());
        Ok((id, text, name_or_path.to_string()))
    }

    /// Parses, validates and compiles rule-file text. `file` names the
    /// source in error messages.
    pub fn from_toml(id: &str, text: &str, file: &str) -> Result<Rules, RuleError> {
        check_tables(text, file)?;
        let spec: RuleSpec = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
        Rules::compile(id, spec).map_err(|issue| RuleError {
            file: file.to_string(),
            line: locate_key(text, &issue.key),
            key: Some(issue.key),
            reason: issue.reason,
        })
    }

    /// Validates and compiles a rule model.
    pub fn compile(id: &str, spec: RuleSpec) -> Result<Rules, SpecIssue> {
        validate(&spec)?;
        let n = spec.board.holes_per_row as usize;
        let holes = 2 * n;
        // Games whose direction varies compile counter-clockwise and keep a
        // clockwise twin, so that stores keep their place on the board.
        let varied = !spec.sowing.direction.is_fixed() || !spec.sowing.chosen_holes.is_empty();
        let clockwise = spec.sowing.direction == Direction::Clockwise && !varied;
        let mut prev = [0u8; MAX_HOLES];
        for (h, before) in prev.iter_mut().enumerate().take(holes) {
            *before = if spec.sowing.own_row {
                // Against the sowing direction within the hole's own row.
                let first = if h < n { 0 } else { n };
                let i = h - first;
                first
                    + if clockwise {
                        (i + 1) % n
                    } else {
                        (i + n - 1) % n
                    }
            } else if clockwise {
                (h + 1) % holes
            } else {
                (h + holes - 1) % holes
            } as u8;
        }
        let mut next = [0u8; MAX_HOLES];
        for h in 0..holes {
            next[prev[h] as usize] = h as u8;
        }
        let south_row = (1u32 << n) - 1;
        let row_mask = [south_row, south_row << n];
        // A player's rightmost hole is the last of their row in sowing order.
        let rightmost = if clockwise {
            [0, n as u8]
        } else {
            [(n - 1) as u8, (holes - 1) as u8]
        };
        let cap = &spec.capture;
        let capture_on_opening = cap.on_opening() && cap.opening_turns_without == 0;
        let capture_after_both = cap.opening_turns_without == 2;
        let capture = match cap.rule {
            CaptureRule::None => CaptureKind::None,
            CaptureRule::Counts => CaptureKind::Counts,
            CaptureRule::Opposite => CaptureKind::Opposite,
            CaptureRule::AcrossGap => CaptureKind::AcrossGap,
            CaptureRule::Next => CaptureKind::Next,
            CaptureRule::Match => CaptureKind::Match,
            CaptureRule::NextCounts => CaptureKind::NextCounts,
        };
        let mut capturing = [false; 256];
        for &c in cap.counts.iter().flatten() {
            capturing[c as usize] = true;
        }
        let all = row_mask[0] | row_mask[1];
        let capture_zone = match cap.last_hole_in() {
            RowChoice::Any => [all, all],
            RowChoice::Own => [row_mask[0], row_mask[1]],
            RowChoice::Opponent => [row_mask[1], row_mask[0]],
        };
        let opening_rightmost = matches!(
            spec.moves.opening,
            Opening::Rightmost | Opening::FirstRightmost | Opening::FirstTwoRightmost
        );
        // Who has opened matters to any rule on the players' first moves.
        let opening_rule = spec.moves.opening != Opening::Any || spec.sowing.opening_lands_across;
        // A store stands after its owner's row in the sowing direction, that
        // is after the owner's rightmost hole.
        let next_hole = |h: usize| {
            if clockwise {
                (h + holes - 1) % holes
            } else {
                (h + 1) % holes
            }
        };
        let own_row = spec.sowing.own_row;
        // With `own_row` each row is a ring of its own: the hole after a
        // row's last hole is that row's first. Both tables are built for
        // both rows, so a lap stays in the row it starts in.
        let next_in_row = |h: usize| {
            let first = if h < n { 0 } else { n };
            let i = h - first;
            first
                + if clockwise {
                    (i + n - 1) % n
                } else {
                    (i + 1) % n
                }
        };
        let mut ring_next = [[0u8; RING_CELLS]; 2];
        for side in Side::BOTH {
            let ring = &mut ring_next[side.index()];
            for (h, next) in ring.iter_mut().enumerate().take(holes) {
                *next = if own_row {
                    next_in_row(h)
                } else {
                    next_hole(h)
                } as u8;
            }
            // Each store stands after its owner's row; the opponent's is
            // in the ring only where it is sown too.
            let sown_stores: &[Side] = if spec.sowing.into_opponent_store {
                &Side::BOTH
            } else if spec.sowing.into_own_store {
                std::slice::from_ref(&side)
            } else {
                &[]
            };
            for owner in sown_stores {
                // Clockwise with `stores_on_right`, a store stands where
                // counter-clockwise sowing puts it: after the other row.
                let last = if spec.sowing.stores_on_right {
                    rightmost[owner.opponent().index()]
                } else {
                    rightmost[owner.index()]
                } as usize;
                let store = STORE_CELL + owner.index();
                ring[store] = ring[last];
                ring[last] = store as u8;
            }
        }
        let start_board = start_layout(&spec.board);
        let extra = spec.moves.extra_turn;
        let (direction_rule, hole_direction) = hole_directions(&spec.sowing, n);
        let mut rules = Rules {
            id: id.to_string(),
            n,
            holes,
            board_words: holes.div_ceil(8),
            total_seeds: start_board.iter().map(|&s| s as u32).sum(),
            start_board,
            prev,
            next,
            gap_from_any: spec.sowing.laps != Laps::Single,
            row_mask,
            row_bytes: row_mask.map(|mask| {
                let mut bytes = [0u8; MAX_HOLES];
                for (hole, byte) in bytes.iter_mut().enumerate() {
                    if mask & (1 << hole) != 0 {
                        *byte = 0xFF;
                    }
                }
                bytes
            }),
            rightmost,
            min_seeds: spec.moves.min_seeds as u8,
            clockwise,
            start_in_origin: spec.sowing.start == SowStart::Origin,
            relay: spec.sowing.laps == Laps::Relay,
            relay_stops_at_capture: spec.sowing.relay_stops_at_capture,
            passing_captures: spec.sowing.passing_captures,
            skip_origin: spec.sowing.skip_origin,
            endless_draws: spec.sowing.endless == Endless::Draw,
            opening_rightmost,
            opening_first_only: matches!(
                spec.moves.opening,
                Opening::FirstRightmost | Opening::FirstTwoRightmost
            ),
            opening_two: spec.moves.opening == Opening::FirstTwoRightmost,
            opening_nearest: spec.moves.opening_fallback == OpeningFallback::Nearest,
            // Who has opened matters under a restricted opening; the
            // directions the first move fixed, in `alternate` games; whether
            // the move to come is an extra turn, where that stops a capture
            // earning another.
            opened_key_mask: if opening_rule || spec.sowing.skip_not_on_opening {
                0b11
            } else {
                0
            } | if spec.sowing.direction == Direction::Alternate {
                DIRECTION_SET | SOUTH_CLOCKWISE | SOUTH_CLOCKWISE << 1
            } else {
                0
            } | if spec.moves.extra_turn_once {
                MOVED_AGAIN
            } else {
                0
            } | if spec.sowing.first_moves_direction.is_some() {
                0b11
            } else {
                0
            },
            first_moves_clockwise: spec
                .sowing
                .first_moves_direction
                .map(|d| d == Direction::Clockwise),
            must_feed: spec.moves.must_feed,
            feed_after_capture: spec.moves.feed_after_capture,
            feed_else_any: spec.moves.feed_else_any,
            pass_when_stuck: spec.moves.when_none == WhenNone::Pass,
            capture,
            capturing,
            relay_divmod: std::array::from_fn(|s| (((s / (2 * n)) << 8) | (s % (2 * n))) as u16),
            lap_divmod: {
                let ring = holes - spec.sowing.skip_origin as usize;
                std::array::from_fn(|s| (((s / ring) << 8) | (s % ring)) as u16)
            },
            capture_zone,
            chain: cap.chain(),
            to_mover: cap.seeds_go_to() == Destination::Mover,
            capture_on_opening,
            grand_slam: cap.grand_slam(),
            grand_slam_fallback_captures: cap.grand_slam_fallback() == GrandSlamFallback::Capture,
            grand_slam_fallback_none: cap.grand_slam_fallback() == GrandSlamFallback::NotPlayed,
            take_sower: cap.take_sower,
            empty_opposite: cap.empty_opposite,
            opposite_counted: cap.rule == CaptureRule::Opposite && cap.counts.is_some(),
            pull_across: cap.pull_across,
            chain_limit: cap.chain_limit.unwrap_or(u32::MAX),
            chain_direction: cap.chain_direction,
            chain_rare: cap.chain() != Chain::None
                && (cap.chain_direction != ChainDirection::Against
                    || matches!(
                        cap.rule,
                        CaptureRule::Match | CaptureRule::NextCounts | CaptureRule::Opposite
                    )),
            moved_from_only: cap.moved_from_only,
            each_hole_first: spec.moves.each_hole_first,
            tracks_moved_from: cap.moved_from_only || spec.moves.each_hole_first,
            capture_after_both,
            captures_wait: std::array::from_fn(|opened| {
                !capture_on_opening && (opened == 0 || (capture_after_both && opened != 0b11))
            }),
            not_from_single: cap.not_from_single,
            sweep: cap.sweep,
            sweep_board: cap.sweep_board,
            must_leave_seeds: spec.moves.must_leave_seeds,
            sow_into_store: spec.sowing.into_own_store,
            ring_next,
            extra_turn_store: matches!(extra, ExtraTurn::Store | ExtraTurn::StoreOrCapture),
            extra_turn_capture: matches!(extra, ExtraTurn::Capture | ExtraTurn::StoreOrCapture),
            own_row,
            ring_table: own_row || spec.sowing.into_own_store,
            empty_or_across: spec.moves.empty_or_across,
            single_to_empty: spec.moves.single_to_empty,
            any_row: spec.moves.any_row,
            end: spec.end.clone(),
            rounds: spec.rounds.clone(),
            single_to_next: spec.sowing.single_to_next,
            relay_next: spec.sowing.relay_from_next,
            passing: match &spec.sowing.passing_counts {
                None => capturing,
                Some(counts) => {
                    let mut t = [false; 256];
                    for &c in counts {
                        t[c as usize] = true;
                    }
                    t
                }
            },
            passing_last: spec.sowing.passing_last,
            take_last: cap.take_last,
            take_facing: cap.take_facing,
            extra_turn_once: spec.moves.extra_turn_once,
            lap_captures: spec.sowing.lap_captures,
            passing_to_mover: spec.sowing.passing_to_mover,
            lap_captures_sown_on: spec.sowing.lap_captures_sown_on,
            opening_shift: spec.moves.opening_shift,
            sow_into_opponent_store: spec.sowing.into_opponent_store,
            extra_turn_opponent_store: spec.moves.extra_turn_opponent_store,
            slam_leaves_lowest: cap.grand_slam_leaves.map(|l| l == SlamLeaves::Rightmost),
            lap_keeps_one: spec.sowing.lap_keeps_one,
            take_opponent_store: cap.opponent_store,
            single_takes_facing: spec.sowing.single_takes_facing,
            singles_take_facing: spec.sowing.singles_take_facing,
            lap_prelude: spec.sowing.lap_keeps_one
                || spec.sowing.single_takes_facing
                || spec.sowing.singles_take_facing,
            relay_from_store: spec.sowing.relay_from_store,
            store_captures: cap.opponent_store || cap.store_lost_in.is_some(),
            closes_at: spec.sowing.closes_at.unwrap_or(0) as u8,
            closable: Side::BOTH.map(|mover| {
                let theirs = mover.opponent();
                let spared = if spec.sowing.closing_spares_rightmost {
                    1 << rightmost[theirs.index()]
                } else {
                    0
                };
                row_mask[theirs.index()] & !spared
            }),
            opening_right_half: spec.moves.opening == Opening::RightHalf,
            // South's row runs left to right from South's seat, North's
            // from North's: the right half is the upper half either way.
            right_half: {
                let half = (1u32 << (n / 2)) - 1;
                let upper = half << (n - n / 2);
                [upper, upper << n]
            },
            opening_lands_across: spec.sowing.opening_lands_across,
            opponent_takes_at: spec.sowing.opponent_takes_sown_at.unwrap_or(0),
            skip_count: spec.sowing.skip_opponent_count.unwrap_or(0) as u8,
            hole_limit: spec.sowing.hole_limit.unwrap_or(0) as u8,
            opening_rules: None,
            // Derived below, from the lap rules compiled above.
            lap_rare: false,
            last_resort: spec.moves.last_resort_count.unwrap_or(0) as u8,
            last_resort_rightmost: spec.moves.last_resort_rightmost,
            take_counted: cap.take_counted,
            rams: spec.moves.rams,
            not_facing_single: spec.moves.not_facing_single,
            lands_occupied: spec.moves.lands_occupied,
            ram_at: if spec.moves.rams {
                ram_counts(&spec.sowing, n, &next, &ring_next)
            } else {
                [0; MAX_HOLES]
            },
            relay_rows: rows_of(spec.sowing.relay_from, row_mask),
            passing_zone: {
                let rows = rows_of(spec.sowing.passing_from, row_mask);
                [capture_zone[0] & rows[0], capture_zone[1] & rows[1]]
            },
            store_lost: match cap.store_lost_in {
                None => [0, 0],
                some => rows_of(some, row_mask),
            },
            relay_counted: spec.sowing.relay_counts.is_some() || spec.sowing.relay_from.is_some(),
            relay_goes_on: {
                let mut t = [false; 256];
                match &spec.sowing.relay_counts {
                    Some(counts) => counts.iter().for_each(|&c| t[c as usize] = true),
                    None => t[2..].fill(true),
                }
                t
            },
            take_last_counted: match cap.take_last_counted.unwrap_or(RowChoice::Any) {
                RowChoice::Any => [all, all],
                RowChoice::Own => [row_mask[0], row_mask[1]],
                RowChoice::Opponent => [row_mask[1], row_mask[0]],
            },
            owning: spec.owned.as_ref().map(|o| Owning::compile(o, n, row_mask)),
            spec: Arc::new(spec),
            direction_rule,
            hole_direction,
            twin: None,
            rare: false,
            moves_without_sowing: false,
            rare_ends: false,
            short_laps: Arc::from([]),
            ring_laps: Arc::from([]),
        };
        rules.short_laps = crate::engine::ShortLap::table(&rules);
        rules.ring_laps = crate::engine::ShortLap::ring_table(&rules);
        rules.rare = rules.relay_next
            || rules.lap_captures
            || rules.take_last != 0
            || rules.take_facing
            || rules.extra_turn_once
            || rules.opening_shift
            || rules.any_row
            || rules.pull_across
            || rules.extra_turn_opponent_store
            || rules.feed_else_any
            || rules.closes_at != 0
            || rules.opening_right_half
            || rules.opening_lands_across
            || rules.skip_count != 0
            || rules.last_resort != 0
            || rules.take_counted
            || rules.grand_slam == GrandSlam::ExtraTurn
            || rules.rams
            || rules.not_facing_single
            || rules.lands_occupied
            || rules.sweep_board
            || rules.chain_rare
            || rules.tracks_moved_from
            || rules.capture == CaptureKind::NextCounts
            || varied
            || rules.empty_or_across
            || rules.single_to_empty
            || rules.rounds.as_ref().is_some_and(|r| r.territory);
        let end = &rules.end;
        rules.rare_ends = end.majority
            || end.win_seeds.is_some()
            || end.too_few_seeds.is_some()
            || end.mover_row_empty
            || end.opponent_row_empty
            || end.empty_row_wins;
        rules.moves_without_sowing = !rules.rare
            && !rules.must_feed
            && !rules.must_leave_seeds
            && rules.grand_slam != GrandSlam::Forbidden
            && !rules.empty_or_across
            && !rules.lands_occupied
            && !rules.single_to_empty
            && !varied
            && !rules.pass_when_stuck
            && !rules.relay
            && rules.owning.is_none()
            && !rules.opening_rightmost
            && rules.rounds.is_none();
        rules.lap_rare = rules.has_rare_lap();
        if varied {
            rules.twin = Some(Arc::new(rules.clockwise_twin()));
        }
        if rules.spec.sowing.skip_not_on_opening {
            // Refused with varied directions: the twin needs no twin.
            let mut plain = rules.clone();
            plain.skip_count = 0;
            plain.lap_rare = plain.has_rare_lap();
            rules.opening_rules = Some(Arc::new(plain));
        }
        Ok(rules)
    }

    /// These (counter-clockwise) rules sowing clockwise, with the same stores.
    /// Whether a lap needs the general sowing (`lap_rare`): a prelude
    /// before it, or holes passed over for their count.
    fn has_rare_lap(&self) -> bool {
        self.lap_prelude || self.skip_count != 0 || self.hole_limit != 0
    }

    fn clockwise_twin(&self) -> Rules {
        let mut twin = self.clone();
        twin.clockwise = true;
        twin.direction_rule = DirectionRule::Fixed;
        // Backwards, the hole before is the hole after (captures across a
        // gap look ahead, chains back).
        twin.prev = self.next;
        twin.next = self.prev;
        twin.short_laps = crate::engine::ShortLap::table(&twin);
        for side in Side::BOTH {
            let ring = &self.ring_next[side.index()];
            let back = &mut twin.ring_next[side.index()];
            // The store is in the ring only where it is sown.
            let store = self.sow_into_store.then_some(STORE_CELL + side.index());
            let other = self
                .sow_into_opponent_store
                .then_some(STORE_CELL + side.opponent().index());
            for cell in (0..self.holes).chain(store).chain(other) {
                back[ring[cell] as usize] = cell as u8;
            }
        }
        twin.ring_laps = crate::engine::ShortLap::ring_table(&twin);
        twin
    }

    /// The rules a move sows by: these, or their clockwise twin.
    #[inline(always)]
    pub(crate) fn sower(&self, pos: &Position, mv: Move) -> &Rules {
        if self.direction_rule == DirectionRule::Fixed {
            return self;
        }
        let twin = self.twin.as_deref().expect("varied directions have a twin");
        if let Some(clockwise) = self.first_moves_clockwise
            && pos.opened & (1 << pos.to_move.index()) == 0
            && mv.hole().is_some()
        {
            // The mover's first move sows the one way.
            return if clockwise { twin } else { self };
        }
        let origin = match mv {
            Move::Sow(h) => h as usize,
            Move::SowCounterClockwise(_) | Move::Pass => return self,
            Move::SowClockwise(_) => return twin,
        };
        let clockwise = match self.direction_rule {
            DirectionRule::Alternate => pos.fixed_direction(pos.to_move).unwrap_or(false),
            _ => match self.hole_direction[origin] {
                HoleDirection::CounterClockwise | HoleDirection::Chosen => false,
                HoleDirection::Clockwise => true,
                HoleDirection::Parity => pos.board[origin].is_multiple_of(2),
            },
        };
        if clockwise { twin } else { self }
    }

    /// Whether the move `mv` from `pos` sows clockwise (`None` for a pass).
    pub fn sows_clockwise(&self, pos: &Position, mv: Move) -> Option<bool> {
        mv.hole()?;
        Some(self.sower(pos, mv).clockwise)
    }

    /// Whether the mover of `pos` chooses the direction of a move from `hole`.
    #[inline]
    pub fn chooses_direction(&self, pos: &Position, hole: usize) -> bool {
        match self.direction_rule {
            DirectionRule::Fixed => false,
            // Not on the mover's first move, with `first_moves_direction`.
            DirectionRule::PerHole
                if self.first_moves_clockwise.is_some()
                    && pos.opened & (1 << pos.to_move.index()) == 0 =>
            {
                false
            }
            DirectionRule::PerHole => self.hole_direction.get(hole) == Some(&HoleDirection::Chosen),
            DirectionRule::Alternate => pos.fixed_direction(pos.to_move).is_none(),
        }
    }

    /// Whether some move of this game carries a chosen direction (`A>`, `A<`).
    pub fn has_chosen_directions(&self) -> bool {
        self.direction_rule == DirectionRule::Alternate
            || self.hole_direction.contains(&HoleDirection::Chosen)
    }

    /// Whether every move sows the same way (the solver's un-sowing needs it).
    pub fn has_fixed_direction(&self) -> bool {
        self.direction_rule == DirectionRule::Fixed
    }

    /// The game's id: the built-in name or the rule file's stem.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game's display name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// The rule model this was compiled from.
    pub fn spec(&self) -> &RuleSpec {
        &self.spec
    }

    /// Whether some move can earn its player another move at once, so that
    /// the same player moves twice in a row.
    pub fn has_extra_turns(&self) -> bool {
        self.extra_turn_store || self.extra_turn_capture || self.extra_turn_opponent_store
    }

    /// Whether each player has a store drawn on the board.
    pub fn has_stores(&self) -> bool {
        self.spec.board.stores
    }

    /// Holes in each row.
    pub fn holes_per_row(&self) -> usize {
        self.n
    }

    /// Holes on the board (`2 * holes_per_row`).
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// Seeds in the game at the start.
    pub fn total_seeds(&self) -> u32 {
        self.total_seeds
    }

    /// The side that owns `hole`.
    #[inline]
    pub fn owner(&self, hole: usize) -> Side {
        if hole < self.n {
            Side::South
        } else {
            Side::North
        }
    }

    /// The holes of `side`'s row, in index order.
    pub fn row(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::South => 0..self.n,
            Side::North => self.n..self.holes,
        }
    }

    /// The hole opposite `hole` (`2n-1-hole`).
    #[inline]
    pub fn opposite(&self, hole: usize) -> usize {
        self.holes - 1 - hole
    }

    /// Seeds in `side`'s row; in a territory game (`[rounds] territory`),
    /// in the holes `side` plays this round.
    #[inline]
    pub fn row_seeds(&self, pos: &Position, side: Side) -> u32 {
        if pos.territory != 0 {
            return sum_bits(&pos.board, self.holes_of(pos, side));
        }
        crate::position::masked_sum(&pos.board, &self.row_bytes[side.index()])
    }

    /// Whether [`Rules::row_seeds`] is 0, faster.
    #[inline]
    pub fn row_is_empty(&self, pos: &Position, side: Side) -> bool {
        self.row_is_empty_given(pos, side, pos.occupied())
    }

    /// [`Rules::row_is_empty`] given `occupied`, the holes of `pos` holding
    /// seeds ([`Position::occupied`]): the end checks find those once for
    /// all the rows they test.
    #[inline(always)]
    pub(crate) fn row_is_empty_given(&self, pos: &Position, side: Side, occupied: u32) -> bool {
        if pos.territory != 0 {
            return sum_bits(&pos.board, self.holes_of(pos, side)) == 0;
        }
        occupied & self.row_mask[side.index()] == 0
    }

    /// The holes `side` plays in `pos`, one bit a hole: their row, but in a
    /// territory game (`[rounds] territory`) the holes they own this round.
    #[inline]
    pub fn holes_of(&self, pos: &Position, side: Side) -> u32 {
        let own = self.row_mask[side.index()];
        let across = self.row_mask[side.opponent().index()];
        (own & !pos.territory) | (across & pos.territory)
    }

    /// The player who plays `hole` in `pos`: its row's player, but in a
    /// territory game the player owning it this round.
    #[inline]
    pub fn holder(&self, pos: &Position, hole: usize) -> Side {
        let row = self.owner(hole);
        if pos.territory & (1 << hole) != 0 {
            row.opponent()
        } else {
            row
        }
    }

    /// Seeds in `side`'s row outside owned holes (those are their owner's)
    /// and rams (nobody's, `moves.rams`).
    pub fn plain_row_seeds(&self, pos: &Position, side: Side) -> u32 {
        let mut mask =
            self.holes_of(pos, side) & !(pos.owned[0] | pos.owned[1]) & !self.ram_holes(pos);
        let mut sum = 0;
        while mask != 0 {
            sum += pos.board[mask.trailing_zeros() as usize] as u32;
            mask &= mask - 1;
        }
        sum
    }

    /// Seeds on the board that a settlement shares out: outside owned holes
    /// and rams.
    pub fn unclaimed_seeds(&self, pos: &Position) -> u32 {
        pos.plain_seeds() - sum_bits(&pos.board, self.ram_holes(pos))
    }

    /// The rams of `pos`, one bit a hole (`moves.rams`; 0 in other games):
    /// the holes holding at least the seeds that would sow them round the
    /// opponent's row and back into their own.
    #[inline]
    pub fn ram_holes(&self, pos: &Position) -> u32 {
        if self.rams {
            self.rams_of(&pos.board)
        } else {
            0
        }
    }

    #[cold]
    #[inline(never)]
    fn rams_of(&self, board: &[u8; MAX_HOLES]) -> u32 {
        (0..self.holes)
            .filter(|&h| board[h] >= self.ram_at[h])
            .fold(0, |bits, h| bits | 1 << h)
    }

    /// Whether `side`'s row holds no seed outside its rams: the emptiness
    /// the end rules test (a row holding seeds only in rams counts as
    /// empty). `occupied` as for [`Rules::row_is_empty_given`].
    #[inline]
    pub(crate) fn row_is_bare(&self, pos: &Position, side: Side, occupied: u32) -> bool {
        self.row_is_empty_given(pos, side, occupied)
            || (self.rams && self.only_rams_in_row(pos, side))
    }

    /// Whether every seed of `side`'s row is in a ram.
    #[cold]
    #[inline(never)]
    fn only_rams_in_row(&self, pos: &Position, side: Side) -> bool {
        sum_bits(
            &pos.board,
            self.row_mask[side.index()] & !self.rams_of(&pos.board),
        ) == 0
    }

    /// The opening position.
    pub fn start(&self) -> Position {
        Position {
            board: self.start_board,
            captured: [0, 0],
            removed: [0, 0],
            to_move: self.spec.board.first_player,
            opened: self.starter_bit(self.spec.board.first_player),
            ply: 0,
            blocked: 0,
            owned: self.owning.map_or([0, 0], |o| o.at_start),
            territory: 0,
            moved_from: 0,
        }
    }

    /// The start position drawn from `seed` when the start layout is
    /// random (`board.layout = "random"`); otherwise the same as
    /// [`start`](Rules::start).
    pub fn start_seeded(&self, seed: u64) -> Position {
        let mut pos = self.start();
        if self.spec.board.layout == StartLayout::Random {
            pos.board = random_layout(&self.spec.board, seed);
        }
        pos
    }

    /// Whether a game of these rules may start with `board`: the start
    /// board itself, or with a random layout any board that layout can
    /// draw (every seed of the game on the board, at least the layout's
    /// floor in every hole).
    pub fn is_start_board(&self, board: &[u8]) -> bool {
        if board.len() != self.holes {
            return false;
        }
        if self.spec.board.layout != StartLayout::Random {
            return board == &self.start_board[..self.holes];
        }
        let floor = random_layout_floor(&self.spec.board);
        board.iter().all(|&s| s >= floor)
            && board.iter().map(|&s| s as u32).sum::<u32>() == self.total_seeds
    }

    /// A position with the given board (by hole index), captures (in games
    /// whose captured seeds leave the game: seeds removed), player to move
    /// and ply. Which players have already moved is inferred from the
    /// ply (`ply >= 1`: the first player has moved; `ply >= 2`: both).
    pub fn position(
        &self,
        board: &[u8],
        captured: [u32; 2],
        to_move: Side,
        ply: u32,
    ) -> Result<Position, String> {
        if board.len() != self.holes {
            return Err(format!(
                "a {} board has {} holes, not {}",
                self.name(),
                self.holes,
                board.len()
            ));
        }
        // Summed wide: captures come from user text and may be any u32.
        let total: u64 =
            board.iter().map(|&s| s as u64).sum::<u64>() + captured[0] as u64 + captured[1] as u64;
        if total > self.total_seeds as u64 {
            return Err(format!(
                "{total} seeds (board and captures) is more than the {} the game has",
                self.total_seeds
            ));
        }
        if ply > crate::MAX_GAME_PLIES {
            return Err(format!(
                "ply {ply} is past the longest game ({} plies)",
                crate::MAX_GAME_PLIES
            ));
        }
        let mut b = [0u8; MAX_HOLES];
        b[..self.holes].copy_from_slice(board);
        let first = self.spec.board.first_player;
        let opened = match ply {
            0 => 0,
            1 => 1 << first.index(),
            _ => 0b11,
        } | self.starter_bit(if ply == 0 { to_move } else { first });
        let taken = [captured[0] as u8, captured[1] as u8];
        // In games whose captures leave the board, what a player took is
        // counted as removed, not kept.
        let (captured, removed) = if self.to_mover {
            (taken, [0, 0])
        } else {
            ([0, 0], taken)
        };
        Ok(Position {
            board: b,
            captured,
            removed,
            to_move,
            opened,
            ply: ply as u16,
            blocked: 0,
            owned: self.owning.map_or([0, 0], |o| o.at_start),
            territory: 0,
            moved_from: 0,
        })
    }

    /// Whether holes can become a player's own (`[owned]`).
    pub fn has_owned_holes(&self) -> bool {
        self.owning.is_some()
    }

    /// `pos` with each hole owned by the player `owners` gives (by hole
    /// index; `None`: a plain hole). An error for a game without owned
    /// holes when some hole is owned.
    pub fn with_owned(
        &self,
        mut pos: Position,
        owners: &[Option<Side>],
    ) -> Result<Position, String> {
        if owners.len() != self.holes {
            return Err(format!(
                "{} hole states for a board of {} holes",
                owners.len(),
                self.holes
            ));
        }
        let mut owned = [0u32; 2];
        for (h, o) in owners.iter().enumerate() {
            if let Some(side) = o {
                owned[side.index()] |= 1 << h;
            }
        }
        if owned != [0, 0] && self.owning.is_none() {
            return Err(format!(
                "{} has no owned holes (it needs [owned])",
                self.name()
            ));
        }
        pos.owned = owned;
        Ok(pos)
    }

    /// Sets which players have already made their first move.
    pub fn with_opened(&self, mut pos: Position, south: bool, north: bool) -> Position {
        pos.opened = (pos.opened & NORTH_STARTED) | south as u8 | (north as u8) << 1;
        pos
    }

    /// The `opened` bit that records `starter` as the game's (round's)
    /// first player, in games whose settlement needs it.
    pub(crate) fn starter_bit(&self, starter: Side) -> u8 {
        if self.end.too_few_to_starter && starter == Side::North {
            NORTH_STARTED
        } else {
            0
        }
    }
}

/// Per hole, the seeds whose sowing goes round the opponent's row and comes
/// back into the hole's own row (`moves.rams`): the cells its owner's
/// sowing reaches, counted up to the first hole of its own row after one of
/// the opponent's (a store in the ring counts as a cell; a sowing starting
/// in its origin sows it first).
fn ram_counts(
    s: &SowingSpec,
    n: usize,
    next: &[u8; MAX_HOLES],
    ring_next: &[[u8; RING_CELLS]; 2],
) -> [u8; MAX_HOLES] {
    let ring = s.into_own_store;
    let mut counts = [0u8; MAX_HOLES];
    for (h, count) in counts.iter_mut().enumerate().take(2 * n) {
        let owner = h / n;
        let step = |cell: usize| {
            if ring {
                ring_next[owner][cell] as usize
            } else {
                next[cell] as usize
            }
        };
        let row = |cell: usize| (cell < MAX_HOLES).then_some(cell / n);
        let mut cell = if s.start == SowStart::Origin {
            h
        } else {
            step(h)
        };
        let mut seeds = 1usize;
        let mut crossed = false;
        loop {
            if s.skip_origin && cell == h && seeds > 1 {
                cell = step(cell);
                continue;
            }
            match row(cell) {
                Some(r) if r != owner => crossed = true,
                Some(_) if crossed => break,
                _ => {}
            }
            cell = step(cell);
            seeds += 1;
        }
        *count = seeds.min(255) as u8;
    }
    counts
}

/// How each hole finds its direction, for `sowing.direction` and
/// `sowing.chosen_holes` (validated: holes within the row).
fn hole_directions(s: &SowingSpec, n: usize) -> (DirectionRule, [HoleDirection; MAX_HOLES]) {
    use HoleDirection as H;
    let mut table = [H::CounterClockwise; MAX_HOLES];
    let rule = match s.direction {
        Direction::Alternate => DirectionRule::Alternate,
        _ if s.direction.is_fixed() && s.chosen_holes.is_empty() => DirectionRule::Fixed,
        _ => DirectionRule::PerHole,
    };
    for (h, entry) in table.iter_mut().enumerate().take(2 * n) {
        // Counted from the owner's left: South's row and North's row both
        // run left to right from their owner's seat.
        let from_left = h % n;
        let left_half = from_left < n / 2;
        let middle = n % 2 == 1 && from_left == n / 2;
        *entry = if s.chosen_holes.contains(&(from_left as u32 + 1)) {
            H::Chosen
        } else {
            match s.direction {
                Direction::CounterClockwise | Direction::Alternate => H::CounterClockwise,
                Direction::Clockwise => H::Clockwise,
                Direction::Chosen => H::Chosen,
                Direction::Parity => H::Parity,
                // The middle hole is chosen (validation insists).
                _ if middle => H::Chosen,
                Direction::Outward if left_half => H::Clockwise,
                Direction::Outward => H::CounterClockwise,
                Direction::Inward if left_half => H::CounterClockwise,
                Direction::Inward => H::Clockwise,
            }
        };
    }
    (rule, table)
}

/// The board at the start of a game laid out as `board.layout` says.
fn start_layout(b: &BoardSpec) -> [u8; MAX_HOLES] {
    let n = b.holes_per_row as usize;
    let holes = 2 * n;
    let seeds = b.seeds_per_hole as u8;
    let mut board = [0u8; MAX_HOLES];
    match b.layout {
        StartLayout::Uniform => board[..holes].fill(seeds),
        StartLayout::RightmostPlusOne => {
            board[..holes].fill(seeds);
            board[n - 1] += 1;
            board[holes - 1] += 1;
        }
        StartLayout::Random => board = random_layout(b, 0),
        StartLayout::TwoOfThree => {
            // Each row from its player's left: both rows alike.
            for hole in (0..holes).filter(|h| !(h % n).is_multiple_of(3)) {
                board[hole] = seeds;
            }
        }
        StartLayout::LastTwoEmpty => {
            for hole in (0..holes).filter(|h| h % n < n - 2) {
                board[hole] = seeds;
            }
        }
        StartLayout::Gamacha => {
            // Laid out for South first, then turned round for North.
            for hole in (2..holes).step_by(2) {
                board[hole] = seeds;
            }
            let d = 1 + 2 * ((n - 1) / 4);
            board[d] = board[holes - 1 - d];
            board[holes - 1 - d] = 0;
            if b.first_player == Side::North {
                board[..holes].rotate_left(n);
            }
        }
    }
    board
}

/// The least seeds in every hole of a random start layout.
fn random_layout_floor(b: &BoardSpec) -> u8 {
    if b.seeds_per_hole >= 2 { 2 } else { 0 }
}

/// A random start layout drawn from `seed`: the floor in every hole, and
/// the rest split as a uniformly random composition (stars and bars: the
/// holes - 1 bars are a uniformly random subset of the rest + holes - 1
/// places, drawn by selection sampling). SplitMix64 keeps a seed's board
/// the same on every platform and version.
fn random_layout(b: &BoardSpec, seed: u64) -> [u8; MAX_HOLES] {
    let holes = 2 * b.holes_per_row as usize;
    let floor = random_layout_floor(b);
    let rest = b.seeds() as usize - floor as usize * holes;
    let mut board = [0u8; MAX_HOLES];
    board[..holes].fill(floor);
    let mut state = seed;
    let mut below = |n: u64| -> u64 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((z as u128 * n as u128) >> 64) as u64
    };
    let places = rest + holes - 1;
    let mut bars_left = holes - 1;
    let mut hole = 0;
    for place in 0..places {
        // Each remaining place is a bar with probability bars left / places left.
        if bars_left > 0 && below((places - place) as u64) < bars_left as u64 {
            bars_left -= 1;
            hole += 1;
        } else {
            board[hole] += 1;
        }
    }
    board
}

/// Splits `kalah:holes=4,seeds=3` into the game and its parameters. A colon
/// followed by no `=` is part of the name (a path may hold one).
fn split_params(name: &str) -> (&str, Option<&str>) {
    match name.rsplit_once(':') {
        Some((base, params)) if params.contains('=') && !base.is_empty() => (base, Some(params)),
        _ => (name, None),
    }
}

/// Applies `holes=M,seeds=N,first=SIDE` to a rule model; the error is the
/// parameter and what is wrong with it.
fn apply_params(spec: &mut RuleSpec, params: &str) -> Result<(), (String, String)> {
    for param in params.split(',') {
        let (key, value) = param.split_once('=').ok_or_else(|| {
            (
                param.to_string(),
                "a parameter is key=value (holes, seeds or first)".to_string(),
            )
        })?;
        // The largest each can be: the board's holes, the seeds a board holds.
        let number = |max: usize| {
            crate::notation::parse_whole(value, max as u64)
                .map(|n| n as u32)
                .map_err(|reason| (key.to_string(), reason))
        };
        match key.trim() {
            "holes" => spec.board.holes_per_row = number(crate::MAX_HOLES_PER_ROW)?,
            "seeds" => spec.board.seeds_per_hole = number(crate::MAX_SEEDS as usize)?,
            "first" => {
                spec.board.first_player = match value.trim() {
                    "south" => Side::South,
                    "north" => Side::North,
                    _ => {
                        return Err((
                            key.to_string(),
                            format!("{value:?}: who moves first is south or north"),
                        ));
                    }
                }
            }
            _ => {
                return Err((
                    key.to_string(),
                    "unknown parameter; a game takes holes=N (holes a row), seeds=N (seeds a hole) and first=south|north"
                        .to_string(),
                ));
            }
        }
    }
    Ok(())
}

/// A problem with a rule model: the dotted key at fault and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecIssue {
    /// Dotted key path, e.g. `capture.chain`.
    pub key: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for SpecIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "key `{}`: {}", self.key, self.reason)
    }
}

impl std::error::Error for SpecIssue {}

fn issue(key: &str, reason: impl Into<String>) -> SpecIssue {
    SpecIssue {
        key: key.to_string(),
        reason: reason.into(),
    }
}

fn validate(spec: &RuleSpec) -> Result<(), SpecIssue> {
    for (key, text) in [("name", Some(&spec.name)), ("origin", spec.origin.as_ref())] {
        if let Some(c) = text.and_then(|t| t.chars().find(|c| c.is_control())) {
            return Err(issue(
                key,
                format!(
                    "{:?} holds the control character {:?}; the {key} is printed, so it may not",
                    text.unwrap(),
                    c
                ),
            ));
        }
    }
    if spec.name.trim().is_empty() {
        return Err(issue("name", "the game needs a name"));
    }
    let known = |key: &str| RULE_KEYS.contains(&key);
    let valid = || format!("the rule keys are {}", RULE_KEYS.join(", "));
    for key in &spec.about.house_rules {
        if !known(key) {
            return Err(issue(
                "about.house_rules",
                format!("unknown rule key {key:?}; {}", valid()),
            ));
        }
    }
    for d in &spec.about.disagreements {
        if !known(&d.key) {
            return Err(issue(
                "about.disagreements",
                format!("unknown rule key {:?}; {}", d.key, valid()),
            ));
        }
        if d.note.trim().is_empty() {
            return Err(issue(
                "about.disagreements",
                format!("the disagreement on {} needs a note", d.key),
            ));
        }
    }
    let b = &spec.board;
    if b.holes_per_row == 0 {
        return Err(issue(
            "board.holes_per_row",
            "a row needs at least one hole",
        ));
    }
    if b.holes_per_row as usize > MAX_HOLES_PER_ROW {
        return Err(issue(
            "board.holes_per_row",
            format!(
                "{} holes a row is more than the {MAX_HOLES_PER_ROW} the engine supports",
                b.holes_per_row
            ),
        ));
    }
    if b.seeds_per_hole == 0 {
        return Err(issue(
            "board.seeds_per_hole",
            "a game needs seeds: give at least 1 a hole",
        ));
    }
    let total = b.seeds_per_hole as u64 * 2 * b.holes_per_row as u64;
    if total > MAX_SEEDS as u64 {
        return Err(issue(
            "board.seeds_per_hole",
            format!(
                "{} seeds in {} holes is {total} seeds, more than a position can hold ({MAX_SEEDS})",
                b.seeds_per_hole,
                2 * b.holes_per_row
            ),
        ));
    }
    if let Some(seeds) = b.total_seeds {
        let holes = 2 * b.holes_per_row;
        let why = if b.layout != StartLayout::Random {
            Some("a count of seeds for the whole game needs layout = \"random\" (other layouts fill the holes evenly)".to_string())
        } else if seeds > MAX_SEEDS {
            Some(format!(
                "{seeds} seeds are more than a position can hold ({MAX_SEEDS})"
            ))
        } else if seeds / holes != b.seeds_per_hole {
            Some(format!(
                "{seeds} seeds on {holes} holes are {} a hole (and {} over): write seeds_per_hole = {}, or leave out total_seeds",
                seeds / holes,
                seeds % holes,
                seeds / holes
            ))
        } else {
            None
        };
        if let Some(why) = why {
            return Err(issue("board.total_seeds", why));
        }
    }
    let total = b.seeds();
    if b.layout == StartLayout::Gamacha && b.holes_per_row < 3 {
        return Err(issue(
            "board.layout",
            "the gamacha layout needs at least 3 holes a row",
        ));
    }
    if b.layout == StartLayout::LastTwoEmpty && b.holes_per_row < 3 {
        return Err(issue(
            "board.layout",
            "the last-two-empty layout needs at least 3 holes a row",
        ));
    }
    if b.layout == StartLayout::TwoOfThree && !b.holes_per_row.is_multiple_of(3) {
        return Err(issue(
            "board.layout",
            format!(
                "the two-of-three layout needs a multiple of 3 holes a row, not {}",
                b.holes_per_row
            ),
        ));
    }
    if b.layout == StartLayout::RightmostPlusOne && total + 2 > MAX_SEEDS {
        return Err(issue(
            "board.layout",
            format!(
                "{total} seeds and the two extra ones are more than a position can hold ({MAX_SEEDS})"
            ),
        ));
    }
    if !b.layout.is_uniform() && spec.rounds.as_ref().is_some_and(|r| !r.is_tallied()) {
        return Err(issue(
            "board.layout",
            "a match of rounds refills the rows evenly; a start layout is not supported with [rounds]",
        ));
    }
    let s = &spec.sowing;
    if s.skip_origin && s.start == SowStart::Origin {
        return Err(issue(
            "sowing.skip_origin",
            "a sowing that starts in its origin cannot also pass over it; use start = \"next\" or skip_origin = false",
        ));
    }
    if s.into_own_store && !b.stores {
        return Err(issue(
            "sowing.into_own_store",
            "sowing into the stores needs stores on the board (board.stores = true)",
        ));
    }
    validate_closing(spec, total)?;
    if s.single_takes_facing {
        let clash = if s.relay_from_next || s.lap_captures || s.passing_captures || s.lap_keeps_one
        {
            Some(
                "is not supported with relay_from_next, lap_captures, passing_captures or lap_keeps_one",
            )
        } else if spec.owned.is_some() || spec.rounds.is_some() {
            Some("is not supported with owned holes ([owned]) or rounds")
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some("keeps the seeds for the mover: not with capture.seeds_go_to = \"removed\"")
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.single_takes_facing",
                format!("taking the hole facing a single seed {why}"),
            ));
        }
    }
    if s.singles_take_facing {
        let clash = if s.laps != Laps::Single {
            Some("is done once a move: not with relay sowing (sowing.laps)")
        } else if s.relay_from_next
            || s.lap_captures
            || s.passing_captures
            || s.lap_keeps_one
            || s.single_takes_facing
        {
            Some(
                "is not supported with relay_from_next, lap_captures, passing_captures, lap_keeps_one or single_takes_facing",
            )
        } else if spec.owned.is_some() {
            Some("is not supported with owned holes ([owned])")
        } else if spec
            .rounds
            .as_ref()
            .is_some_and(|r| !r.is_tallied() || r.territory)
        {
            Some(
                "is supported in rounds only with rounds.round_wins or rounds.seeds_to_win (rounds with blocked holes or territory are not)",
            )
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some("keeps the seeds for the mover: not with capture.seeds_go_to = \"removed\"")
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.singles_take_facing",
                format!("taking the holes facing single seeds {why}"),
            ));
        }
    }
    if s.lap_keeps_one {
        let clash = if spec.moves.min_seeds < 2 {
            Some("needs moves.min_seeds = 2 or more, so that every lap sows a seed")
        } else if s.relay_from_next || s.lap_captures || s.passing_captures {
            Some("is not supported with relay_from_next, lap_captures or passing_captures")
        } else if spec.owned.is_some() || spec.rounds.is_some() {
            Some("is not supported with owned holes ([owned]) or rounds")
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some("keeps the seed for the mover: not with capture.seeds_go_to = \"removed\"")
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.lap_keeps_one",
                format!("keeping each lap's first seed {why}"),
            ));
        }
    }
    if s.relay_from.is_some() && (s.laps != Laps::Relay || s.relay_from_next || s.lap_captures) {
        return Err(issue(
            "sowing.relay_from",
            "going on with a relay only from one row needs laps = \"relay\", without relay_from_next or lap_captures",
        ));
    }
    if let Some(counts) = &s.relay_counts {
        let clash = if s.laps != Laps::Relay {
            Some("needs laps = \"relay\"".to_string())
        } else if s.relay_from_next || s.lap_captures {
            Some("is not supported with relay_from_next or lap_captures".to_string())
        } else if counts.is_empty() || counts.iter().any(|&c| c < 2 || c > total) {
            Some(format!(
                "needs at least one count, each from 2 to the game's {total} seeds"
            ))
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.relay_counts",
                format!("going on with a relay only from some counts {why}"),
            ));
        }
    }
    if let Some(count) = s.skip_opponent_count {
        let clash = if count == 0 || count > total {
            Some(format!("must be from 1 to the game's {total} seeds"))
        } else if s.relay_from_next || s.lap_captures || s.passing_captures {
            Some(
                "is not supported with relay_from_next, lap_captures or passing_captures"
                    .to_string(),
            )
        } else if s.own_row {
            Some("never applies: a sowing around the mover's own row never reaches the opponent's (sowing.own_row)".to_string())
        } else if spec.owned.is_some() || spec.rounds.as_ref().is_some_and(|r| r.territory) {
            Some("is not supported with owned holes ([owned]) or territory rounds".to_string())
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.skip_opponent_count",
                format!("passing over the opponent's holes by their count {why}"),
            ));
        }
    }
    if let Some(limit) = s.hole_limit {
        // Every hole full but the origin would leave a seed nowhere to go.
        let holes = 2 * spec.board.holes_per_row;
        let clash = if limit == 0 || limit > 255 {
            Some("must be from 1 to 255 seeds".to_string())
        } else if total / limit + 1 >= holes {
            Some(format!(
                "{limit} leaves the game's {total} seeds able to fill all but one of the {holes} holes, so a sowing could find no hole to sow into"
            ))
        } else if s.relay_from_next
            || s.lap_captures
            || s.passing_captures
            || s.closes_at.is_some()
            || s.opening_lands_across
            || spec.moves.opening_shift
        {
            Some("is not supported with relay_from_next, lap_captures, passing_captures, closes_at, opening_lands_across or moves.opening_shift".to_string())
        } else if spec.owned.is_some() || spec.rounds.as_ref().is_some_and(|r| !r.is_tallied()) {
            Some("is not supported with owned holes ([owned]) or with rounds other than a tally of round wins or seeds (holes out of play)".to_string())
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.hole_limit",
                format!("a limit on the seeds a hole is sown to {why}"),
            ));
        }
    }
    if s.stores_on_right
        && (s.direction != Direction::Clockwise
            || !s.chosen_holes.is_empty()
            || !s.into_own_store
            || s.own_row)
    {
        return Err(issue(
            "sowing.stores_on_right",
            "keeping the stores on their owners' right needs direction = \"clockwise\" (no chosen_holes; other directions keep them there already), a sowing into the stores (into_own_store = true) and not own_row",
        ));
    }
    if s.skip_not_on_opening {
        let clash = if s.skip_opponent_count.is_none() {
            Some("needs sowing.skip_opponent_count (the holes the other moves pass over)")
        } else if !s.direction.is_fixed() || !s.chosen_holes.is_empty() {
            Some("is not supported with a direction that varies (sowing.direction, chosen_holes)")
        } else if spec.moves.opening_shift {
            Some("is not supported with moves.opening_shift (the first move shifts seeds)")
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.skip_not_on_opening",
                format!("an opening that passes over no hole {why}"),
            ));
        }
    }
    if s.into_opponent_store && s.own_row {
        return Err(issue(
            "sowing.into_opponent_store",
            "a sowing around the mover's own row never reaches the opponent's store (sowing.own_row = true)",
        ));
    }
    if s.into_opponent_store && !s.into_own_store {
        return Err(issue(
            "sowing.into_opponent_store",
            "sowing into the opponent's store needs the mover's own store sown too (sowing.into_own_store = true)",
        ));
    }
    // Opposite, only a relay from the next hole can go on from a lap that
    // ended in an empty hole.
    let opposite_stop = spec.capture.rule == CaptureRule::Opposite
        && s.relay_from_next
        && !spec.capture.empty_opposite;
    if s.relay_stops_at_capture
        && (s.laps != Laps::Relay
            || (!matches!(spec.capture.rule, CaptureRule::Counts | CaptureRule::Match)
                && !opposite_stop))
    {
        return Err(issue(
            "sowing.relay_stops_at_capture",
            "stopping a relay where it captures needs laps = \"relay\" and capture.rule = \"counts\" or \"match\" (or \"opposite\" with relay_from_next, without empty_opposite)",
        ));
    }
    if s.relay_from_store && (!s.relay_from_next || !s.into_own_store) {
        return Err(issue(
            "sowing.relay_from_store",
            "going on from the mover's store needs relay_from_next and into_own_store",
        ));
    }
    if s.passing_captures && spec.capture.rule != CaptureRule::Counts && s.passing_counts.is_none()
    {
        return Err(issue(
            "sowing.passing_captures",
            "captures while sowing need their counts: capture.rule = \"counts\" or sowing.passing_counts",
        ));
    }
    if let Some(counts) = &s.passing_counts {
        if !s.passing_captures {
            return Err(issue(
                "sowing.passing_counts",
                "the counts of captures while sowing need sowing.passing_captures = true",
            ));
        }
        if counts.is_empty() || counts.iter().any(|&c| c == 0 || c > total) {
            return Err(issue(
                "sowing.passing_counts",
                format!(
                    "each count must be from 1 to the game's {total} seeds, and at least one given"
                ),
            ));
        }
    }
    if s.passing_to_mover && !s.passing_captures {
        return Err(issue(
            "sowing.passing_to_mover",
            "who takes holes while sowing matters only with sowing.passing_captures = true",
        ));
    }
    if s.passing_from.is_some() && !s.passing_captures {
        return Err(issue(
            "sowing.passing_from",
            "the holes taken while sowing need sowing.passing_captures = true",
        ));
    }
    if s.passing_last && !s.passing_captures {
        return Err(issue(
            "sowing.passing_last",
            "taking a lap's last hole while sowing needs sowing.passing_captures = true",
        ));
    }
    if s.passing_last && s.laps == Laps::Relay && !s.relay_from_next {
        return Err(issue(
            "sowing.passing_last",
            "a relay lifts the seeds of its last hole: taking them while sowing is supported only with relay_from_next or a single lap",
        ));
    }
    if s.own_row && s.passing_captures {
        return Err(issue(
            "sowing.own_row",
            "captures while sowing (sowing.passing_captures) are not supported when each player sows their own row",
        ));
    }
    if s.passing_captures && s.into_own_store {
        return Err(issue(
            "sowing.passing_captures",
            "captures while sowing are not supported in games that sow into the stores",
        ));
    }
    if s.relay_from_next {
        let clash = if s.laps != Laps::Relay {
            Some("needs laps = \"relay\"")
        } else if s.into_opponent_store || s.own_row {
            Some("is not supported in games that sow into both stores or around their own row")
        } else if s.skip_origin || s.start == SowStart::Origin {
            Some("needs start = \"next\" and skip_origin = false")
        } else if spec.owned.is_some() {
            Some("is not supported with owned holes ([owned])")
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.relay_from_next",
                format!("relaying from the hole after the last {why}"),
            ));
        }
    }
    if s.lap_captures_sown_on && (!s.lap_captures || spec.capture.rule != CaptureRule::Opposite) {
        return Err(issue(
            "sowing.lap_captures_sown_on",
            "sowing a lap's captured seeds on needs lap_captures = true and capture.rule = \"opposite\"",
        ));
    }
    if s.lap_captures {
        let clash = if s.laps != Laps::Relay || s.relay_from_next {
            Some("needs laps = \"relay\" (without relay_from_next)")
        } else if matches!(
            spec.capture.rule,
            CaptureRule::None | CaptureRule::Next | CaptureRule::Match | CaptureRule::NextCounts
        ) {
            Some("needs capture.rule = \"counts\", \"opposite\" or \"across-gap\"")
        } else if s.into_own_store || s.passing_captures || s.relay_stops_at_capture {
            Some("is not supported with into_own_store, passing_captures or relay_stops_at_capture")
        } else if spec.owned.is_some() {
            Some("is not supported with owned holes ([owned])")
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.lap_captures",
                format!("capturing at every lap's end {why}"),
            ));
        }
    }
    if let Some(at) = s.opponent_takes_sown_at {
        let clash = if !s.lap_captures || spec.capture.rule != CaptureRule::Counts {
            Some("needs sowing.lap_captures = true and capture.rule = \"counts\"".to_string())
        } else if at == 0 || at > total {
            Some(format!(
                "{at} is not a count of seeds left: give 1 to the {total} seeds in the game"
            ))
        } else if spec.rounds.is_some()
            || s.skip_origin
            || !s.direction.is_fixed()
            || !s.chosen_holes.is_empty()
        {
            Some(
                "is not supported with [rounds], skip_origin or directions that vary by move"
                    .to_string(),
            )
        } else if spec.capture.seeds_go_to() == Destination::Removed {
            Some(
                "gives the seeds to the opponent: not with capture.seeds_go_to = \"removed\""
                    .to_string(),
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "sowing.opponent_takes_sown_at",
                format!("the opponent taking the seeds sown across at the end {why}"),
            ));
        }
    }
    validate_directions(spec)?;
    if s.endless == Endless::Draw && s.laps == Laps::Single {
        return Err(issue(
            "sowing.endless",
            "only a relay sowing (laps = \"relay\") can be endless",
        ));
    }
    let m = &spec.moves;
    if m.min_seeds == 0 {
        return Err(issue(
            "moves.min_seeds",
            "must be at least 1 (an empty hole cannot be played)",
        ));
    }
    if m.min_seeds > total {
        return Err(issue(
            "moves.min_seeds",
            format!(
                "{} is more than the {total} seeds in the game, so no move could ever be played",
                m.min_seeds
            ),
        ));
    }
    if m.single_to_empty && (spec.sowing.into_own_store || spec.sowing.start == SowStart::Origin) {
        return Err(issue(
            "moves.single_to_empty",
            "needs sowing.start = \"next\" and no store in the sowing ring (a single seed then always goes to the next hole)",
        ));
    }
    if m.any_row {
        // These rules speak of "the mover's row" as the holes they move from.
        for (set, what) in [
            (m.must_feed, "must_feed"),
            (m.must_leave_seeds, "must_leave_seeds"),
            (m.opening != Opening::Any, "an opening restriction"),
            (
                m.when_none == WhenNone::Pass,
                "when_none = \"pass\" (with moves from either row, a player without one leaves none to the opponent either)",
            ),
            (m.empty_or_across, "empty_or_across"),
            (
                spec.rounds.as_ref().is_some_and(|r| r.territory),
                "territory rounds",
            ),
        ] {
            if set {
                return Err(issue(
                    "moves.any_row",
                    format!("moves from either row are not supported with {what}"),
                ));
            }
        }
    }
    if m.opening_fallback != OpeningFallback::Any
        && matches!(m.opening, Opening::Any | Opening::RightHalf)
    {
        return Err(issue(
            "moves.opening_fallback",
            "a fallback needs an opening from the rightmost hole (opening = \"rightmost\" or \"first-rightmost\")",
        ));
    }
    if m.opening == Opening::RightHalf && spec.board.holes_per_row < 2 {
        return Err(issue(
            "moves.opening",
            "a row of one hole has no right half",
        ));
    }
    if spec.sowing.opening_lands_across {
        let s = &spec.sowing;
        let refused = [
            ("rounds", spec.rounds.is_some()),
            ("owned", spec.owned.is_some()),
            ("sowing.direction", !s.direction.is_fixed()),
            ("sowing.chosen_holes", !s.chosen_holes.is_empty()),
            ("sowing.into_own_store", s.into_own_store),
            ("sowing.own_row", s.own_row),
            ("sowing.skip_origin", s.skip_origin),
            ("sowing.passing_captures", s.passing_captures),
            ("sowing.lap_keeps_one", s.lap_keeps_one),
            ("sowing.single_takes_facing", s.single_takes_facing),
            ("sowing.singles_take_facing", s.singles_take_facing),
            ("sowing.closes_at", s.closes_at.is_some()),
            ("moves.any_row", m.any_row),
            ("moves.opening_shift", m.opening_shift),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "is not supported with sowing.opening_lands_across (each player's first move is one lap around the holes in one direction, ending in the opponent's row)",
            ));
        }
    }
    if m.opening_fallback != OpeningFallback::Any && m.opening == Opening::FirstTwoRightmost {
        return Err(issue(
            "moves.opening_fallback",
            "an opening from the two rightmost playable holes has no fallback: it is any hole when fewer may be played",
        ));
    }
    if let Some(count) = m.last_resort_count {
        let clash = if count == 0 || count > total {
            Some(format!("must be from 1 to the game's {total} seeds"))
        } else if count < m.min_seeds {
            Some(format!(
                "{count} is fewer than moves.min_seeds ({}): such holes are never played anyway",
                m.min_seeds
            ))
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("moves.last_resort_count", why));
        }
    }
    if m.rams {
        let refused = [
            (m.any_row, "moves from either row"),
            (
                !s.direction.is_fixed() || !s.chosen_holes.is_empty(),
                "a direction that varies",
            ),
            (s.own_row, "sowing.own_row (no sowing goes round)"),
            (
                s.skip_opponent_count.is_some() || s.hole_limit.is_some(),
                "sowing.skip_opponent_count or hole_limit",
            ),
            (
                m.must_feed || m.must_leave_seeds,
                "must_feed or must_leave_seeds",
            ),
            (spec.owned.is_some(), "[owned] holes"),
            (spec.rounds.is_some(), "[rounds]"),
            (
                spec.end.result != ResultRule::Seeds,
                "result = \"deprivation\"",
            ),
            (
                spec.end.any_row_empty || spec.end.too_few_seeds.is_some(),
                "end.any_row_empty or end.too_few_seeds",
            ),
            (
                spec.end.rest_to_winner || spec.end.too_few_to_starter,
                "end.rest_to_winner or end.too_few_to_starter",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "moves.rams",
                format!("rams are not supported with {what}"),
            ));
        }
    }
    if m.last_resort_rightmost {
        let clash = if m.last_resort_count.is_none() {
            Some("needs moves.last_resort_count (the count whose holes are played last)")
        } else if m.any_row || spec.rounds.as_ref().is_some_and(|r| r.territory) {
            Some(
                "is not supported with moves from either row or territory rounds (a player's rightmost hole is in their own row)",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("moves.last_resort_rightmost", why));
        }
    }
    let c = &spec.capture;
    match c.rule {
        CaptureRule::Counts | CaptureRule::NextCounts => {
            let Some(counts) = &c.counts else {
                return Err(issue(
                    "capture.counts",
                    format!(
                        "rule = \"{}\" needs the list of counts that capture",
                        if c.rule == CaptureRule::Counts {
                            "counts"
                        } else {
                            "next-counts"
                        }
                    ),
                ));
            };
            if counts.is_empty() {
                return Err(issue(
                    "capture.counts",
                    "the list is empty, so nothing could be captured",
                ));
            }
            if let Some(&bad) = counts.iter().find(|&&x| x == 0 || x > total) {
                return Err(issue(
                    "capture.counts",
                    format!(
                        "{bad} cannot be captured: counts must be between 1 and the {total} seeds in the game"
                    ),
                ));
            }
            if c.rule == CaptureRule::NextCounts {
                let clash = if s.laps != Laps::Single {
                    Some(("sowing.laps", "needs single laps (laps = \"single\")"))
                } else if s.into_own_store || spec.owned.is_some() {
                    Some((
                        "capture.rule",
                        "is not supported in games that sow into the stores or own holes",
                    ))
                } else if c.last_hole_in() != RowChoice::Any {
                    Some((
                        "capture.last_hole_in",
                        "does not apply: the last hole may be in either row (last_hole_in = \"any\")",
                    ))
                } else if c.chain() != Chain::None && c.chain_direction != ChainDirection::Along {
                    Some((
                        "capture.chain_direction",
                        "a chain from the next hole runs onwards: write chain_direction = \"along\"",
                    ))
                } else {
                    None
                };
                if let Some((key, why)) = clash {
                    return Err(issue(
                        key,
                        format!("a capture of the hole after the last by its count {why}"),
                    ));
                }
            }
        }
        CaptureRule::AcrossGap => {
            if c.counts.is_some() {
                return Err(issue("capture.counts", "counts need rule = \"counts\""));
            }
            if c.chain() == Chain::SameRow {
                return Err(issue(
                    "capture.chain",
                    "a chain across gaps follows the sowing into either row: write chain = \"both-rows\"",
                ));
            }
            if c.last_hole_in() != RowChoice::Any {
                return Err(issue(
                    "capture.last_hole_in",
                    "a capture across the gap may end in either row (last_hole_in = \"any\")",
                ));
            }
            if s.into_own_store {
                return Err(issue(
                    "capture.rule",
                    "captures across the gap are not supported in games that sow into the stores",
                ));
            }
        }
        CaptureRule::Opposite | CaptureRule::None | CaptureRule::Next | CaptureRule::Match => {
            if c.rule == CaptureRule::Opposite
                && let Some(counts) = &c.counts
            {
                // The opposite hole's count decides whether it is taken.
                if counts.is_empty() {
                    return Err(issue(
                        "capture.counts",
                        "the list is empty, so nothing could be captured",
                    ));
                }
                if let Some(&bad) = counts.iter().find(|&&x| x == 0 || x > total) {
                    return Err(issue(
                        "capture.counts",
                        format!(
                            "{bad} cannot be captured: counts must be between 1 and the {total} seeds in the game"
                        ),
                    ));
                }
                if c.empty_opposite {
                    return Err(issue(
                        "capture.counts",
                        "an empty opposite hole holds none of the counts: leave out counts or empty_opposite",
                    ));
                }
                if s.lap_captures {
                    return Err(issue(
                        "capture.counts",
                        "counts on the opposite hole are not supported with sowing.lap_captures",
                    ));
                }
            } else if c.counts.is_some() {
                return Err(issue(
                    "capture.counts",
                    "counts need rule = \"counts\" (or \"opposite\")",
                ));
            }
            if c.chain.is_some_and(|ch| ch != Chain::None)
                && !matches!(c.rule, CaptureRule::Match | CaptureRule::Opposite)
            {
                return Err(issue(
                    "capture.chain",
                    "a chain needs rule = \"counts\", \"across-gap\", \"match\" or \"opposite\"",
                ));
            }
            if matches!(c.rule, CaptureRule::Next | CaptureRule::Match)
                && (s.into_own_store || spec.owned.is_some())
            {
                return Err(issue(
                    "capture.rule",
                    format!(
                        "captures of the {} are not supported in games that sow into the stores or own holes",
                        if c.rule == CaptureRule::Next {
                            "next hole"
                        } else {
                            "matching holes"
                        }
                    ),
                ));
            }
        }
    }
    // Closing a hole takes its seeds out of play as a capture would: the
    // opening turns without captures close nothing either.
    let closing = spec.sowing.closes_at.is_some();
    if c.rule == CaptureRule::None {
        for (key, set) in [
            ("capture.last_hole_in", c.last_hole_in.is_some()),
            ("capture.seeds_go_to", c.seeds_go_to.is_some()),
            ("capture.on_opening", c.on_opening.is_some() && !closing),
            ("capture.grand_slam", c.grand_slam.is_some()),
        ] {
            if set {
                return Err(issue(
                    key,
                    "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
                ));
            }
        }
    }
    if c.take_sower && !matches!(c.rule, CaptureRule::Opposite | CaptureRule::Next) {
        return Err(issue(
            "capture.take_sower",
            "taking the last seed too needs capture.rule = \"opposite\" or \"next\"",
        ));
    }
    if c.empty_opposite && c.rule != CaptureRule::Opposite {
        return Err(issue(
            "capture.empty_opposite",
            "this setting needs capture.rule = \"opposite\"",
        ));
    }
    if let Some(limit) = c.chain_limit {
        if c.chain() == Chain::None {
            return Err(issue(
                "capture.chain_limit",
                "a limit on the chain needs a chain (capture.chain = \"same-row\" or \"both-rows\")",
            ));
        }
        if limit < 2 {
            return Err(issue(
                "capture.chain_limit",
                format!(
                    "{limit} is too few: a chain takes at least 2 holes (for 1, leave out the chain)"
                ),
            ));
        }
    }
    if c.rule == CaptureRule::Opposite && c.chain() != Chain::None {
        let clash = [
            (c.empty_opposite, "empty_opposite"),
            (c.pull_across, "pull_across"),
            (c.take_counted, "take_counted"),
            (s.lap_captures, "sowing.lap_captures"),
        ];
        if let Some((_, what)) = clash.iter().find(|(on, _)| *on) {
            return Err(issue(
                "capture.chain",
                format!("a chain of captures across is not supported with {what}"),
            ));
        }
    }
    if c.chain_direction != ChainDirection::Against {
        let clash = if c.chain() == Chain::None {
            Some(
                "a direction for the chain needs a chain (capture.chain = \"same-row\" or \"both-rows\")",
            )
        } else if c.rule == CaptureRule::AcrossGap {
            Some(
                "a chain across gaps always runs onwards, in the sowing direction: leave out chain_direction",
            )
        } else if s.lap_captures {
            Some(
                "a chain that runs onwards is not supported with sowing.lap_captures (each lap goes on from the hole after its capture)",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("capture.chain_direction", why));
        }
    }
    if c.moved_from_only {
        // Each capture checks the holes it takes against the locked ones;
        // the rules below take holes by other ways, not checked yet.
        let refused = [
            (
                !matches!(
                    c.rule,
                    CaptureRule::Counts
                        | CaptureRule::Opposite
                        | CaptureRule::Next
                        | CaptureRule::Match
                        | CaptureRule::NextCounts
                ),
                "capture.rule other than \"counts\", \"opposite\", \"next\", \"match\" or \"next-counts\"",
            ),
            (c.take_sower, "capture.take_sower"),
            (c.sweep || c.sweep_board, "capture.sweep or sweep_board"),
            (
                c.take_facing || c.take_counted || c.take_last != 0,
                "capture.take_facing, take_counted or take_last",
            ),
            (c.pull_across, "capture.pull_across"),
            (c.grand_slam_leaves.is_some(), "capture.grand_slam_leaves"),
            (
                s.lap_captures || s.passing_captures || s.relay_stops_at_capture,
                "sowing.lap_captures, passing_captures or relay_stops_at_capture",
            ),
            (
                s.lap_keeps_one || s.single_takes_facing || s.singles_take_facing,
                "sowing.lap_keeps_one, single_takes_facing or singles_take_facing",
            ),
            (s.closes_at.is_some(), "sowing.closes_at"),
            // A repetition would have to compare the holes moved from too.
            (
                spec.end.repetition != Repetition::None,
                "a repetition rule (end.repetition)",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "capture.moved_from_only",
                format!("captures only from holes moved from are not supported with {what}"),
            ));
        }
    }
    if m.each_hole_first {
        // The holes to move from once are a player's row for the game.
        let refused = [
            (m.any_row, "moves.any_row"),
            (spec.owned.is_some(), "owned holes ([owned])"),
            (
                spec.rounds
                    .as_ref()
                    .is_some_and(|r| r.territory || (r.blocked && !r.is_tallied())),
                "rounds with blocked holes or territory",
            ),
            // A repetition would have to compare the holes moved from too.
            (
                spec.end.repetition != Repetition::None,
                "a repetition rule (end.repetition)",
            ),
        ];
        if let Some((_, what)) = refused.iter().find(|(on, _)| *on) {
            return Err(issue(
                "moves.each_hole_first",
                format!("moving from every hole first is not supported with {what}"),
            ));
        }
    }
    if c.opening_turns_without != 0 {
        if c.rule == CaptureRule::None && !closing {
            return Err(issue(
                "capture.opening_turns_without",
                "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
            ));
        }
        if c.opening_turns_without > 2 {
            return Err(issue(
                "capture.opening_turns_without",
                format!(
                    "{} turns are not supported: 1 (the first player's first turn) or 2 (each player's first turn)",
                    c.opening_turns_without
                ),
            ));
        }
        if c.on_opening.is_some() {
            return Err(issue(
                "capture.opening_turns_without",
                "say it once: on_opening = false is opening_turns_without = 1; leave out on_opening",
            ));
        }
    }
    if c.sweep
        && (c.rule != CaptureRule::Counts
            || c.chain() != Chain::None
            || c.last_hole_in() != RowChoice::Any)
    {
        return Err(issue(
            "capture.sweep",
            "a sweep needs rule = \"counts\", no chain and no last_hole_in (it says where the last seed must fall)",
        ));
    }
    if c.sweep_board
        && (c.rule != CaptureRule::Counts
            || c.chain() != Chain::None
            || c.sweep
            || spec.sowing.lap_captures
            || spec.sowing.relay_stops_at_capture)
    {
        return Err(issue(
            "capture.sweep_board",
            "a sweep of the board needs rule = \"counts\", no chain, no sweep, and a capture at the move's end only (not sowing.lap_captures or relay_stops_at_capture)",
        ));
    }
    if m.lands_occupied {
        // The first lap is judged as `lap` sows it: rules that sow a first
        // lap another way are refused until it is judged their way.
        for (set, what) in [
            (m.any_row, "moves.any_row"),
            (m.opening_shift, "moves.opening_shift"),
            (
                spec.sowing.opening_lands_across,
                "sowing.opening_lands_across",
            ),
            (spec.sowing.closes_at.is_some(), "sowing.closes_at"),
            (
                spec.sowing.singles_take_facing,
                "sowing.singles_take_facing",
            ),
            (
                spec.rounds.as_ref().is_some_and(|r| r.territory),
                "territory rounds",
            ),
        ] {
            if set {
                return Err(issue(
                    "moves.lands_occupied",
                    format!(
                        "moves that must land in an occupied hole are not supported with {what}"
                    ),
                ));
            }
        }
    }
    if m.extra_turn_once && m.extra_turn != ExtraTurn::Capture {
        return Err(issue(
            "moves.extra_turn_once",
            "one extra turn for a capture needs extra_turn = \"capture\"",
        ));
    }
    if c.take_facing
        && (!matches!(c.rule, CaptureRule::Counts | CaptureRule::AcrossGap)
            || c.chain() != Chain::None
            || c.sweep
            || c.sweep_board)
    {
        return Err(issue(
            "capture.take_facing",
            "taking the facing hole too needs rule = \"counts\" or \"across-gap\", without chain or sweep",
        ));
    }
    if c.take_counted && (c.rule != CaptureRule::Opposite || c.counts.is_none() || c.pull_across) {
        return Err(issue(
            "capture.take_counted",
            "taking every counted hole too needs rule = \"opposite\" with counts (and no pull_across, which takes nothing)",
        ));
    }
    if c.opponent_store
        && (!s.into_opponent_store
            || m.extra_turn_opponent_store
            || c.seeds_go_to() == Destination::Removed)
    {
        return Err(issue(
            "capture.opponent_store",
            "taking the opponent's store needs a sowing that reaches it (sowing.into_opponent_store = true), no extra turn there (moves.extra_turn_opponent_store = false) and captures kept by the mover",
        ));
    }
    if c.store_lost_in.is_some() && (!b.stores || c.opponent_store) {
        return Err(issue(
            "capture.store_lost_in",
            "losing the mover's store needs stores on the board (board.stores = true), and not with capture.opponent_store",
        ));
    }
    if c.grand_slam_leaves.is_some()
        && (c.grand_slam() != GrandSlam::Allowed || c.rule == CaptureRule::None)
    {
        return Err(issue(
            "capture.grand_slam_leaves",
            "leaving a hole to the opponent after a grand slam needs a capture rule and grand slams allowed (capture.grand_slam = \"allowed\")",
        ));
    }
    if c.take_last_counted.is_some() && c.take_last == 0 {
        return Err(issue(
            "capture.take_last_counted",
            "the row counted for taking the last seeds needs take_last",
        ));
    }
    if c.take_last > 0 && c.grand_slam() != GrandSlam::Allowed {
        return Err(issue(
            "capture.take_last",
            "taking the last seeds is not supported with a grand_slam rule (it would empty the opponent's row)",
        ));
    }
    if c.not_from_single && c.rule == CaptureRule::None {
        return Err(issue(
            "capture.not_from_single",
            "this setting needs a capture rule (capture.rule = \"counts\" or \"opposite\")",
        ));
    }
    if c.pull_across {
        for (set, what) in [
            (c.rule != CaptureRule::Opposite, "rule = \"opposite\""),
            (
                c.take_sower || c.empty_opposite,
                "no take_sower or empty_opposite (nothing is taken)",
            ),
            (s.lap_captures, "no sowing.lap_captures"),
            (
                c.grand_slam() != GrandSlam::Allowed,
                "no grand_slam rule (no seed leaves the board)",
            ),
            (
                matches!(m.extra_turn, ExtraTurn::Capture | ExtraTurn::StoreOrCapture),
                "no extra turn for capturing",
            ),
            (spec.owned.is_some(), "no [owned] holes"),
        ] {
            if set {
                return Err(issue(
                    "capture.pull_across",
                    format!("pulling the opposite seeds across needs {what}"),
                ));
            }
        }
    }
    if c.empty_opposite && !c.take_sower {
        return Err(issue(
            "capture.empty_opposite",
            "a capture from an empty opposite hole takes only the sower, so it needs take_sower = true",
        ));
    }
    if s.into_own_store && c.seeds_go_to() == Destination::Removed {
        return Err(issue(
            "capture.seeds_go_to",
            "in a game that sows into the stores, captures go to the mover's store",
        ));
    }
    if matches!(m.extra_turn, ExtraTurn::Store | ExtraTurn::StoreOrCapture) && !s.into_own_store {
        return Err(issue(
            "moves.extra_turn",
            "an extra turn for ending in the store needs a sowing that reaches it (sowing.into_own_store = true)",
        ));
    }
    if m.opening_shift {
        // Every hole must hold a seed to pass on at every first move.
        let refused = [
            (
                "sowing.direction",
                !matches!(
                    s.direction,
                    Direction::CounterClockwise | Direction::Clockwise
                ),
            ),
            (
                "board.layout",
                spec.board.layout != StartLayout::Uniform || spec.board.seeds_per_hole == 0,
            ),
            ("rounds", spec.rounds.as_ref().is_some_and(|r| !r.territory)),
            ("sowing.into_own_store", s.into_own_store),
            ("sowing.own_row", s.own_row),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "is not supported with moves.opening_shift (every hole must hold seeds at every first move, and the sowing ring be the holes in one direction)",
            ));
        }
    }
    // Taking seeds from an opponent's owned hole is a capture too.
    let raids = spec.owned.as_ref().is_some_and(|o| o.raid > 0);
    if m.extra_turn_opponent_store && !s.into_opponent_store {
        return Err(issue(
            "moves.extra_turn_opponent_store",
            "an extra turn for ending in the opponent's store needs a sowing that reaches it (sowing.into_opponent_store = true)",
        ));
    }
    if matches!(m.extra_turn, ExtraTurn::Capture | ExtraTurn::StoreOrCapture)
        && c.rule == CaptureRule::None
        && !raids
    {
        return Err(issue(
            "moves.extra_turn",
            "an extra turn for capturing needs a capture rule (or owned.raid)",
        ));
    }
    if c.grand_slam_fallback.is_some() && c.grand_slam() != GrandSlam::Forbidden {
        return Err(issue(
            "capture.grand_slam_fallback",
            "a fallback needs grand_slam = \"forbidden\"",
        ));
    }
    let e = &spec.end;
    if m.feed_after_capture && !m.must_feed {
        return Err(issue(
            "moves.feed_after_capture",
            "needs moves.must_feed = true",
        ));
    }
    if m.feed_else_any && (!m.must_feed || e.unfed_takes_rest) {
        return Err(issue(
            "moves.feed_else_any",
            "needs moves.must_feed = true, and not end.unfed_takes_rest (with every move legal, no player is left unfed)",
        ));
    }
    if e.unfed_takes_rest && !m.must_feed {
        return Err(issue(
            "end.unfed_takes_rest",
            "a player can be left unfed only under moves.must_feed = true",
        ));
    }
    if e.opponent_row_empty && (e.result != ResultRule::Seeds || spec.owned.is_some()) {
        // Owned holes would count in the row, which StoneShark does not.
        return Err(issue(
            "end.opponent_row_empty",
            "ending when the opponent's row is emptied needs result = \"seeds\" and no [owned] holes",
        ));
    }
    if e.rest_to_winner && !e.majority && e.win_seeds.is_none() {
        return Err(issue(
            "end.rest_to_winner",
            "needs end.majority or end.win_seeds (the count a player passes to take the seeds left)",
        ));
    }
    if e.too_few_to_starter && (e.too_few_seeds.is_none() || e.too_few_to_mover) {
        return Err(issue(
            "end.too_few_to_starter",
            "needs end.too_few_seeds (the count below which the seeds left go to the starter), and not end.too_few_to_mover",
        ));
    }
    if e.too_few_to_mover && e.too_few_seeds.is_none() {
        return Err(issue(
            "end.too_few_to_mover",
            "needs end.too_few_seeds (the count below which the seeds left go to the mover)",
        ));
    }
    if e.too_few_seeds.is_some_and(|n| n < 2) {
        return Err(issue(
            "end.too_few_seeds",
            "must be at least 2 (fewer than 1 seed left is an empty board)",
        ));
    }
    if e.both_stuck && m.when_none != WhenNone::Pass {
        return Err(issue(
            "end.both_stuck",
            "needs moves.when_none = \"pass\" (otherwise the first player without a move ends the game)",
        ));
    }
    if let Some(win) = e.win_seeds {
        let total = spec.board.seeds();
        if e.result != ResultRule::Seeds {
            return Err(issue("end.win_seeds", "needs result = \"seeds\""));
        }
        if win == 0 || win >= total {
            return Err(issue(
                "end.win_seeds",
                format!(
                    "must be between 1 and {} (the game has {total} seeds)",
                    total - 1
                ),
            ));
        }
    }
    if e.empty_row_wins && e.result != ResultRule::Deprivation {
        return Err(issue(
            "end.empty_row_wins",
            "needs result = \"deprivation\" (a won or lost game, no score)",
        ));
    }
    if e.empty_row_wins && e.mover_row_empty {
        return Err(issue(
            "end.empty_row_wins",
            "an emptied row wins the game, so it cannot also lose it (end.mover_row_empty)",
        ));
    }
    match e.result {
        ResultRule::Deprivation => {
            if matches!(e.repetition, Repetition::Share | Repetition::CollectOwn) {
                return Err(issue(
                    "end.repetition",
                    "a deprivation game has no score to settle; use \"draw\" or \"none\"",
                ));
            }
            if e.majority {
                return Err(issue(
                    "end.majority",
                    "a deprivation game has no score; majority needs result = \"seeds\"",
                ));
            }
            if e.any_row_empty {
                return Err(issue(
                    "end.any_row_empty",
                    "a deprivation game is lost by the player left without seeds; any_row_empty needs result = \"seeds\"",
                ));
            }
        }
        ResultRule::Seeds => {
            if e.repetition == Repetition::Draw {
                return Err(issue(
                    "end.repetition",
                    "a seeds game settles a repetition by \"share\" or \"collect-own\", not \"draw\"",
                ));
            }
            if e.stuck != Stuck::Draw {
                return Err(issue(
                    "end.stuck",
                    "stuck applies only to result = \"deprivation\"",
                ));
            }
        }
    }
    if let Some(r) = &spec.rounds {
        validate_rounds(spec, r)?;
    }
    if spec.sowing.single_to_next && spec.sowing.start != SowStart::Origin {
        return Err(issue(
            "sowing.single_to_next",
            "a single seed goes to the next hole only in games whose sowing starts in the origin (start = \"origin\")",
        ));
    }
    if let Some(o) = &spec.owned {
        validate_owned(spec, o, total)?;
    }
    Ok(())
}

/// The `[owned]` checks: the rules that judge rows or the whole board by
/// their seeds are not defined yet for owned holes, so they are refused.
/// `sowing.closes_at` and `closing_spares_rightmost`: a count that a last
/// seed can bring a hole to, on a ring of holes in one direction, with no
/// rule that would look into a closed hole or take part in the lap.
fn validate_closing(spec: &RuleSpec, total: u32) -> Result<(), SpecIssue> {
    let s = &spec.sowing;
    let Some(count) = s.closes_at else {
        if s.closing_spares_rightmost {
            return Err(issue(
                "sowing.closing_spares_rightmost",
                "sparing the rightmost holes needs holes to close (sowing.closes_at)",
            ));
        }
        return Ok(());
    };
    if count < 2 || count > total {
        return Err(issue(
            "sowing.closes_at",
            format!(
                "{count} cannot close a hole: give a count from 2 to the {total} seeds in the game"
            ),
        ));
    }
    let refused = [
        ("rounds", spec.rounds.is_some()),
        ("owned", spec.owned.is_some()),
        ("capture.rule", spec.capture.rule != CaptureRule::None),
        ("sowing.direction", !s.direction.is_fixed()),
        ("sowing.chosen_holes", !s.chosen_holes.is_empty()),
        ("sowing.into_own_store", s.into_own_store),
        ("sowing.own_row", s.own_row),
        ("sowing.skip_origin", s.skip_origin),
        ("sowing.passing_captures", s.passing_captures),
        ("sowing.lap_captures", s.lap_captures),
        ("sowing.relay_from_next", s.relay_from_next),
        ("sowing.relay_counts", s.relay_counts.is_some()),
        ("sowing.relay_from", s.relay_from.is_some()),
        ("sowing.lap_keeps_one", s.lap_keeps_one),
        ("sowing.single_takes_facing", s.single_takes_facing),
        ("sowing.singles_take_facing", s.singles_take_facing),
        ("moves.empty_or_across", spec.moves.empty_or_across),
        ("moves.single_to_empty", spec.moves.single_to_empty),
        ("moves.any_row", spec.moves.any_row),
        ("moves.opening_shift", spec.moves.opening_shift),
    ];
    if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
        return Err(issue(
            key,
            "is not supported with sowing.closes_at (closed holes take part in the sowing, are out of play and hold no seed; the only captures are the closings)",
        ));
    }
    Ok(())
}

fn validate_owned(spec: &RuleSpec, o: &OwnedSpec, total: u32) -> Result<(), SpecIssue> {
    if o.count > total {
        return Err(issue(
            "owned.count",
            format!("must be at most the {total} seeds of the game (0: never made in play)"),
        ));
    }
    if o.per_player > MAX_HOLES as u32 {
        return Err(issue(
            "owned.per_player",
            format!("must be at most {MAX_HOLES} (0: no limit)"),
        ));
    }
    if o.sow_past != SowPast::None && spec.sowing.skip_origin {
        return Err(issue(
            "owned.sow_past",
            "passing over owned holes is not supported together with sowing.skip_origin",
        ));
    }
    // The hole before the last is a hole: a store sown in between would
    // come first.
    if o.make == OwnedMake::PairBefore && (o.count < 2 || spec.sowing.into_own_store) {
        return Err(issue(
            "owned.make",
            "\"pair-before\" needs a count of at least 2 (the pair holds count and count - 1 seeds) and no sowing into the stores",
        ));
    }
    let territory = spec.rounds.as_ref().is_some_and(|r| r.territory);
    if o.holder != RowChoice::Any && !territory {
        return Err(issue(
            "owned.holder",
            "choosing owned holes by who plays them needs a territory match ([rounds] territory = true)",
        ));
    }
    let refused = [
        // A territory round starts afresh, owned holes and all.
        ("rounds", spec.rounds.is_some() && !territory),
        ("moves.must_feed", spec.moves.must_feed),
        ("moves.must_leave_seeds", spec.moves.must_leave_seeds),
        ("sowing.passing_captures", spec.sowing.passing_captures),
        (
            "capture.grand_slam",
            spec.capture.grand_slam() != GrandSlam::Allowed,
        ),
        ("end.any_row_empty", spec.end.any_row_empty),
        ("end.mover_row_empty", spec.end.mover_row_empty),
        ("end.result", spec.end.result != ResultRule::Seeds),
    ];
    if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
        return Err(issue(
            key,
            "is not supported in games with owned holes ([owned])",
        ));
    }
    Ok(())
}

/// The checks of `sowing.direction` and `sowing.chosen_holes`.
fn validate_directions(spec: &RuleSpec) -> Result<(), SpecIssue> {
    let s = &spec.sowing;
    let n = spec.board.holes_per_row;
    if let Some(d) = s.first_moves_direction {
        let clash = if !matches!(d, Direction::CounterClockwise | Direction::Clockwise) {
            Some("must be \"counter-clockwise\" or \"clockwise\"")
        } else if !(s.direction == Direction::Chosen
            || (!s.chosen_holes.is_empty()
                && matches!(
                    s.direction,
                    Direction::CounterClockwise | Direction::Clockwise
                )))
        {
            Some(
                "needs holes whose direction the mover chooses: direction = \"chosen\", or chosen_holes with a counter-clockwise or clockwise direction",
            )
        } else if spec.moves.extra_turn != ExtraTurn::None {
            Some(
                "is not supported with extra turns (moves.extra_turn): the first move would be fixed but not the extra move it earns",
            )
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue("sowing.first_moves_direction", why));
        }
    }
    let mut seen = Vec::new();
    for &h in &s.chosen_holes {
        if h == 0 || h > n {
            return Err(issue(
                "sowing.chosen_holes",
                format!(
                    "{h} is not a hole of the row: holes are counted from each player's left, 1 to {n}"
                ),
            ));
        }
        if seen.contains(&h) {
            return Err(issue(
                "sowing.chosen_holes",
                format!("hole {h} is listed twice"),
            ));
        }
        seen.push(h);
    }
    if matches!(s.direction, Direction::Chosen | Direction::Alternate) && !s.chosen_holes.is_empty()
    {
        return Err(issue(
            "sowing.chosen_holes",
            format!(
                "with direction = \"{}\" the mover already chooses in every hole; leave chosen_holes out",
                if s.direction == Direction::Chosen {
                    "chosen"
                } else {
                    "alternate"
                }
            ),
        ));
    }
    if matches!(s.direction, Direction::Outward | Direction::Inward)
        && n % 2 == 1
        && !s.chosen_holes.contains(&(n / 2 + 1))
    {
        return Err(issue(
            "sowing.chosen_holes",
            format!(
                "an odd row's middle hole has no half to sow away from or towards: list it ({}) in chosen_holes so the mover chooses",
                n / 2 + 1
            ),
        ));
    }
    let chosen = match s.direction {
        Direction::Chosen | Direction::Alternate => n,
        _ => s.chosen_holes.len() as u32,
    };
    // With moves from either row, every hole of both rows is a move (or two);
    // one row of at most 16 holes always fits.
    let rows = if spec.moves.any_row { 2 } else { 1 };
    if spec.moves.any_row && (rows * (n + chosen)) as usize > crate::engine::MAX_SUCCESSORS {
        return Err(issue(
            "moves.any_row",
            format!(
                "moves from either row of {n} holes with {chosen} holes of chosen direction make up to {} moves, more than the {} a position may have",
                rows * (n + chosen),
                crate::engine::MAX_SUCCESSORS
            ),
        ));
    }
    if (!s.direction.is_fixed() || !s.chosen_holes.is_empty()) && spec.moves.opening != Opening::Any
    {
        return Err(issue(
            "moves.opening",
            "a restricted opening needs one sowing direction (sowing.direction = \"counter-clockwise\" or \"clockwise\", no chosen_holes)",
        ));
    }
    Ok(())
}

/// The `[rounds]` checks: a round's end must give each player a whole
/// number of seeds of their own, and a new round must have a move.
fn validate_rounds(spec: &RuleSpec, r: &RoundsSpec) -> Result<(), SpecIssue> {
    let e = &spec.end;
    if e.result != ResultRule::Seeds {
        return Err(issue(
            "rounds",
            "rounds refill the board from the seeds each player won, so they need result = \"seeds\"",
        ));
    }
    if spec.capture.seeds_go_to() != Destination::Mover {
        return Err(issue(
            "rounds",
            "rounds refill the board from the seeds each player captured, so captures must go to the mover (capture.seeds_go_to = \"mover\")",
        ));
    }
    // A tallied match starts every round afresh: the seeds left may go
    // anywhere.
    if !r.is_tallied() && !matches!(e.no_moves, Settlement::CollectOwn | Settlement::LastMover) {
        return Err(issue(
            "end.no_moves",
            "in a game of rounds the seeds left at a round's end must go to a player: use \"collect-own\" or \"last-mover\" (or win the match by a tally of rounds or seeds, rounds.round_wins or rounds.seeds_to_win)",
        ));
    }
    if e.repetition == Repetition::Share {
        return Err(issue(
            "end.repetition",
            "in a game of rounds a shared repetition could leave half a seed to refill with: use \"collect-own\" or \"none\"",
        ));
    }
    let n = spec.board.holes_per_row;
    if r.min_holes == 0 || r.min_holes > n {
        return Err(issue(
            "rounds.min_holes",
            format!(
                "must be between 1 and the {n} holes of a row (a player who cannot fill that many holes loses the match)"
            ),
        ));
    }
    if spec.moves.min_seeds > spec.board.seeds_per_hole {
        return Err(issue(
            "moves.min_seeds",
            format!(
                "a move needs {} seeds but a round refills holes with {}, so a new round could have no move",
                spec.moves.min_seeds, spec.board.seeds_per_hole
            ),
        ));
    }
    let total = spec.board.seeds();
    if let Some(m) = r.min_seeds
        && (m == 0 || m > total / 2)
    {
        return Err(issue(
            "rounds.min_seeds",
            format!(
                "must be between 1 and half the {total} seeds of the game (a player with fewer at a round's end loses the match)"
            ),
        ));
    }
    if let (Some(_), Some(_)) = (r.round_wins, r.seeds_to_win) {
        return Err(issue(
            "rounds.seeds_to_win",
            "a match is won by a tally of round wins (round_wins) or of seeds (seeds_to_win), not both",
        ));
    }
    if let Some(seeds) = r.seeds_to_win
        && seeds == 0
    {
        return Err(issue(
            "rounds.seeds_to_win",
            "must be at least 1 (the seeds over the rounds that win the match)",
        ));
    }
    if r.is_tallied() {
        if r.round_wins == Some(0) {
            return Err(issue(
                "rounds.round_wins",
                "must be at least 1 (the round wins that win the match)",
            ));
        }
        let refused = [
            ("rounds.territory", r.territory),
            ("rounds.loser_only", r.loser_only),
            ("rounds.min_seeds", r.min_seeds.is_some()),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "does not apply to a match won by a tally of round wins or seeds (round_wins, seeds_to_win): each round starts from the opening layout",
            ));
        }
    }
    if let Some(at) = r.double_win_seeds {
        let total = spec.board.seeds();
        let clash = if r.round_wins.is_none() {
            Some("needs a match won by a tally of round wins (round_wins)".to_string())
        } else if at == 0 || at > total {
            Some(format!("must be from 1 to the game's {total} seeds"))
        } else {
            None
        };
        if let Some(why) = clash {
            return Err(issue(
                "rounds.double_win_seeds",
                format!("a round won by enough seeds to count twice {why}"),
            ));
        }
    }
    if r.partial_hole != PartialHole::OverHalf && !r.territory {
        return Err(issue(
            "rounds.partial_hole",
            "the hole a winner's seeds fill in part is only shared out in territory matches (territory = true)",
        ));
    }
    if r.territory {
        // Rules that judge a player's row are defined for the row, not for
        // the holes a player owns across the board: refused until they are.
        let refused = [
            ("rounds.loser_only", r.loser_only),
            ("moves.must_leave_seeds", spec.moves.must_leave_seeds),
            ("moves.opening", spec.moves.opening != Opening::Any),
            ("moves.empty_or_across", spec.moves.empty_or_across),
            ("capture.sweep", spec.capture.sweep),
            (
                "capture.grand_slam",
                spec.capture.grand_slam() != GrandSlam::Allowed,
            ),
            ("sowing.into_own_store", spec.sowing.into_own_store),
            ("sowing.own_row", spec.sowing.own_row),
            ("sowing.chosen_holes", !spec.sowing.chosen_holes.is_empty()),
            (
                "sowing.direction",
                !matches!(
                    spec.sowing.direction,
                    Direction::CounterClockwise | Direction::Clockwise
                ),
            ),
            ("end.any_row_empty", spec.end.any_row_empty),
            ("end.mover_row_empty", spec.end.mover_row_empty),
            ("end.opponent_row_empty", spec.end.opponent_row_empty),
            ("end.unfed_takes_rest", spec.end.unfed_takes_rest),
            // Owned holes made and raided where the last seed falls (Weg)
            // are; passing over them or capturing into them are not yet.
            (
                "owned.sow_past",
                spec.owned
                    .as_ref()
                    .is_some_and(|o| o.sow_past != SowPast::None),
            ),
            (
                "owned.captures_into",
                spec.owned.as_ref().is_some_and(|o| o.captures_into),
            ),
            (
                "owned.at_start",
                spec.owned
                    .as_ref()
                    .is_some_and(|o| o.at_start != OwnedStart::None),
            ),
        ];
        if let Some((key, _)) = refused.iter().find(|(_, on)| *on) {
            return Err(issue(
                key,
                "is not supported in territory games ([rounds] territory = true)",
            ));
        }
    }
    Ok(())
}

/// The tables of a rule file, each written once as `[table]`.
const TABLES: [&str; 6] = ["board", "sowing", "moves", "capture", "end", "rounds"];

/// Checks the shape of the file before its fields: each table is a table
/// (`[[end]]` makes a list of tables, which serde reports confusingly), and
/// the required ones are there (serde blames their absence on line 1).
fn check_tables(text: &str, file: &str) -> Result<(), RuleError> {
    let Ok(doc) = toml::from_str::<toml::Table>(text) else {
        // Not TOML: the full parse says where.
        return Ok(());
    };
    let error = |key: &str, line: Option<usize>, reason: String| RuleError {
        file: file.to_string(),
        key: Some(key.to_string()),
        line,
        reason,
    };
    for table in TABLES {
        match doc.get(table) {
            Some(toml::Value::Array(items)) => {
                let header = format!("[[{table}]]");
                let line = text
                    .lines()
                    .position(|l| strip_comment(l).trim() == header)
                    .map(|i| i + 1);
                return Err(error(
                    table,
                    line,
                    format!(
                        "{header} written {} time{} makes a list of tables; write the table once, as [{table}]",
                        items.len(),
                        if items.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            Some(v) if !v.is_table() => {
                let line = locate_key(text, table);
                return Err(error(
                    table,
                    line,
                    format!("{table} must be a table, [{table}], not a {}", v.type_str()),
                ));
            }
            _ => {}
        }
    }
    for required in ["board", "sowing"] {
        if !doc.contains_key(required) {
            return Err(RuleError {
                file: file.to_string(),
                key: None,
                line: None,
                reason: format!(
                    "the [{required}] table is missing; every rule file needs [board] and [sowing]"
                ),
            });
        }
    }
    if !doc.contains_key("name") {
        return Err(RuleError {
            file: file.to_string(),
            key: None,
            line: None,
            reason: "the key `name` is missing; every rule file names its game (name = \"...\")"
                .to_string(),
        });
    }
    Ok(())
}

/// The valid values of an enumerated key, as serde lists them
/// (`` `origin` or `next` ``).
fn enum_values(key: &str) -> Option<String> {
    use crate::spec::*;
    use serde::de::value::{Error, StrDeserializer};
    fn listed<T: serde::de::DeserializeOwned>() -> Option<String> {
        let message = T::deserialize(StrDeserializer::<Error>::new(""))
            .err()?
            .to_string();
        message
            .split_once("expected ")
            .map(|(_, values)| values.to_string())
    }
    match key {
        "board.first_player" => listed::<crate::Side>(),
        "sowing.start" => listed::<SowStart>(),
        "sowing.laps" => listed::<Laps>(),
        "sowing.direction" => listed::<Direction>(),
        "sowing.endless" => listed::<Endless>(),
        "moves.opening" => listed::<Opening>(),
        "moves.opening_fallback" => listed::<OpeningFallback>(),
        "moves.when_none" => listed::<WhenNone>(),
        "capture.rule" => listed::<CaptureRule>(),
        "capture.last_hole_in" => listed::<RowChoice>(),
        "capture.chain" => listed::<Chain>(),
        "capture.seeds_go_to" => listed::<Destination>(),
        "capture.grand_slam" => listed::<GrandSlam>(),
        "capture.grand_slam_fallback" => listed::<GrandSlamFallback>(),
        "end.no_moves" => listed::<Settlement>(),
        "end.stuck" => listed::<Stuck>(),
        "end.repetition" => listed::<Repetition>(),
        "end.result" => listed::<ResultRule>(),
        "rounds.fill" => listed::<RoundFill>(),
        "rounds.starter" => listed::<RoundStarter>(),
        _ => None,
    }
}

/// Turns a TOML or serde error into a [`RuleError`] naming the key and line.
fn toml_error(file: &str, text: &str, err: &toml::de::Error) -> RuleError {
    let line = err.span().map(|span| line_of(text, span.start));
    let key = line.and_then(|l| key_on_line(text, l));
    let mut reason = err.message().trim().replace('\n', " ");
    // An enumerated key given a number, a boolean, ...: say what it takes.
    if reason.starts_with("wanted string or table")
        && let Some(values) = key.as_deref().and_then(enum_values)
    {
        let given = line
            .and_then(|l| text.lines().nth(l - 1))
            .and_then(|l| strip_comment(l).split_once('='))
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default();
        reason = format!(
            "{given} is not a valid value: expected {values} (a quoted string, e.g. key = \"value\")"
        );
    }
    RuleError {
        file: file.to_string(),
        key,
        line,
        reason,
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The dotted key assigned (or the table opened) on a 1-based line.
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    for (i, raw) in text.lines().enumerate() {
        let l = strip_comment(raw).trim();
        if let Some(h) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            table = h.trim().trim_matches(['[', ']']).trim().to_string();
            if i + 1 == line {
                return Some(table);
            }
        } else if i + 1 == line {
            let key = l.split('=').next()?.trim().trim_matches('"');
            if key.is_empty() {
                return None;
            }
            return Some(if table.is_empty() {
                key.to_string()
            } else {
                format!("{table}.{key}")
            });
        }
    }
    None
}

/// The 1-based line where a dotted key is assigned, if it is written plainly.
fn locate_key(text: &str, key: &str) -> Option<usize> {
    let (table, leaf) = key.rsplit_once('.').unwrap_or(("", key));
    let mut current = String::new();
    let mut table_line = None;
    for (i, raw) in text.lines().enumerate() {
        let l = strip_comment(raw).trim();
        if let Some(h) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            current = h.trim().to_string();
            if current == table {
                table_line = Some(i + 1);
            }
            continue;
        }
        if let Some((k, _)) = l.split_once('=') {
            let k = k.trim().trim_matches('"');
            if (current == table && k == leaf) || (current.is_empty() && k == key) {
                return Some(i + 1);
            }
        }
    }
    table_line
}

fn strip_comment(line: &str) -> &str {
    // Rule files hold no '#' inside strings that matter for locating keys.
    line.split('#').next().unwrap_or("")
}

/// The seeds of the holes whose bits `mask` has.
#[inline]
pub(crate) fn sum_bits(board: &[u8; MAX_HOLES], mut mask: u32) -> u32 {
    let mut sum = 0;
    while mask != 0 {
        sum += board[mask.trailing_zeros() as usize] as u32;
        mask &= mask - 1;
    }
    sum
}

/// Per mover, the holes of `row` (relative to the mover; absent: both rows).
fn rows_of(row: Option<RowChoice>, row_mask: [u32; 2]) -> [u32; 2] {
    match row {
        None | Some(RowChoice::Any) => [row_mask[0] | row_mask[1]; 2],
        Some(RowChoice::Own) => row_mask,
        Some(RowChoice::Opponent) => [row_mask[1], row_mask[0]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> RuleError {
        Rules::from_toml("t", text, "t.toml").unwrap_err()
    }

    const BASE: &str = "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n";

    #[test]
    fn builtins_compile() {
        for id in Rules::builtin_ids() {
            let r = Rules::builtin(id).unwrap();
            assert_eq!(r.id(), id);
        }
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let e = err(&format!("{BASE}colour = \"red\"\n"));
        assert_eq!(e.line, Some(7));
        assert_eq!(e.key.as_deref(), Some("sowing.colour"));
        assert!(e.reason.contains("unknown field"), "{e}");
        assert!(
            e.to_string().starts_with("t.toml:7: key `sowing.colour`"),
            "{e}"
        );
    }

    #[test]
    fn house_rules_and_disagreements_name_rule_keys() {
        let ok = format!(
            "{BASE}[about]\nhouse_rules = [\"sowing.skip_origin\", \"end.repetition\"]\n\
             disagreements = [{{ key = \"sowing.direction\", note = \"One page says clockwise.\" }}]\n"
        );
        let r = Rules::from_toml("t", &ok, "t.toml").unwrap();
        assert_eq!(
            r.spec().about.house_rules,
            ["sowing.skip_origin", "end.repetition"]
        );
        assert_eq!(r.spec().about.disagreements[0].key, "sowing.direction");
        let e = err(&format!(
            "{BASE}[about]\nhouse_rules = [\"sowing.speed\"]\n"
        ));
        assert_eq!(e.key.as_deref(), Some("about.house_rules"));
        assert!(
            e.reason.contains("\"sowing.speed\"") && e.reason.contains("sowing.skip_origin"),
            "{e}"
        );
        assert!(e.to_string().starts_with("t.toml"), "{e}");
        let e = err(&format!(
            "{BASE}[about]\ndisagreements = [{{ key = \"colour\", note = \"x\" }}]\n"
        ));
        assert_eq!(e.key.as_deref(), Some("about.disagreements"));
        let e = err(&format!(
            "{BASE}[about]\ndisagreements = [{{ key = \"board\", note = \" \" }}]\n"
        ));
        assert!(e.reason.contains("needs a note"), "{e}");
    }

    #[test]
    fn rule_keys_cover_every_rule_field() {
        let mut spec = Rules::builtin("oware").unwrap().spec().clone();
        let c = &mut spec.capture;
        c.last_hole_in = Some(RowChoice::Any);
        c.chain = Some(Chain::None);
        c.seeds_go_to = Some(Destination::Mover);
        c.on_opening = Some(true);
        c.grand_slam = Some(GrandSlam::Allowed);
        c.grand_slam_fallback = Some(GrandSlamFallback::NoCapture);
        c.take_sower = true;
        c.empty_opposite = true;
        spec.sowing.relay_stops_at_capture = true;
        spec.sowing.passing_captures = true;
        spec.sowing.chosen_holes = vec![1];
        spec.end.too_few_seeds = Some(1);
        spec.end.unfed_takes_rest = true;
        spec.end.mover_row_empty = true;
        spec.end.both_stuck = true;
        let json = serde_json::to_value(&spec).unwrap();
        for table in ["board", "sowing", "moves", "capture", "end"] {
            for key in json[table].as_object().unwrap().keys() {
                let full = format!("{table}.{key}");
                assert!(
                    RULE_KEYS.contains(&full.as_str()),
                    "{full} is not in RULE_KEYS"
                );
            }
        }
    }

    #[test]
    fn wrong_type_names_key() {
        let e = err(&BASE.replace("holes_per_row = 3", "holes_per_row = \"three\""));
        assert_eq!(e.key.as_deref(), Some("board.holes_per_row"));
        assert_eq!(e.line, Some(3));
    }

    #[test]
    fn impossible_combinations_are_rejected() {
        let cases = [
            (
                BASE.replace("holes_per_row = 3", "holes_per_row = 0"),
                "board.holes_per_row",
                3,
            ),
            (
                BASE.replace("holes_per_row = 3", "holes_per_row = 17"),
                "board.holes_per_row",
                3,
            ),
            (
                BASE.replace("seeds_per_hole = 4", "seeds_per_hole = 50"),
                "board.seeds_per_hole",
                4,
            ),
            (
                format!("{BASE}[capture]\nchain = \"same-row\"\n"),
                "capture.chain",
                8,
            ),
            (
                format!("{BASE}[capture]\nrule = \"counts\"\n"),
                "capture.counts",
                7,
            ),
            (
                format!("{BASE}[capture]\nrule = \"counts\"\ncounts = [0]\n"),
                "capture.counts",
                9,
            ),
            (
                format!("{BASE}skip_origin = true\n").replace("\"next\"", "\"origin\""),
                "sowing.skip_origin",
                7,
            ),
            (
                format!("{BASE}[end]\nresult = \"deprivation\"\nrepetition = \"share\"\n"),
                "end.repetition",
                9,
            ),
            (
                format!("{BASE}[moves]\nmin_seeds = 0\n"),
                "moves.min_seeds",
                8,
            ),
        ];
        for (text, key, line) in cases {
            let e = err(&text);
            assert_eq!(e.key.as_deref(), Some(key), "{e}");
            assert_eq!(e.line, Some(line), "{e}");
        }
    }

    #[test]
    fn unknown_game_lists_builtins() {
        let e = Rules::load("chess").unwrap_err();
        assert!(e.reason.contains("modiar"), "{e}");
    }

    #[test]
    fn missing_file_is_an_error() {
        let e = Rules::load("/nonexistent/x.toml").unwrap_err();
        assert!(e.reason.contains("cannot read"), "{e}");
    }

    /// Issue 13, finding 9: each of these names what is wrong.
    #[test]
    fn shape_errors_and_control_characters_are_explained() {
        // An enumerated key given a number lists the valid values.
        let e = err(&BASE.replace("start = \"next\"", "start = 3"));
        assert_eq!(e.key.as_deref(), Some("sowing.start"));
        assert!(
            e.reason
                .contains("3 is not a valid value: expected `origin` or `next`"),
            "{e}"
        );
        let e = err(&format!("{BASE}[end]\nresult = true\n"));
        assert!(
            e.reason.contains("expected `seeds` or `deprivation`")
                || e.reason.contains("`deprivation`"),
            "{e}"
        );
        // A missing [sowing] is not blamed on `name` at line 1.
        let e = err("name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n");
        assert_eq!((e.key.as_deref(), e.line), (None, None));
        assert!(e.reason.contains("the [sowing] table is missing"), "{e}");
        // [[end]] twice (or once) says to write [end] once.
        let e = err(&format!(
            "{BASE}[[end]]\nresult = \"seeds\"\n[[end]]\nresult = \"seeds\"\n"
        ));
        assert_eq!((e.key.as_deref(), e.line), (Some("end"), Some(7)));
        assert!(
            e.reason.contains(
                "[[end]] written 2 times makes a list of tables; write the table once, as [end]"
            ),
            "{e}"
        );
        // Control characters are printed escaped, and refused in names.
        let e = err(&BASE.replace("\"next\"", "\"ne\\u001bxt\""));
        let shown = e.to_string();
        assert!(
            !shown.chars().any(char::is_control) && shown.contains("ne\\u{1b}xt"),
            "{shown:?}"
        );
        let e = err(&format!("{BASE}\"k\\u0007\" = 1\n"));
        assert!(
            !e.to_string().chars().any(char::is_control),
            "{:?}",
            e.to_string()
        );
        let e = err(&BASE.replace("name = \"T\"", "name = \"T\\u0007\\u001b[31m\""));
        assert_eq!(e.key.as_deref(), Some("name"));
        let shown = e.to_string();
        assert!(
            !shown.chars().any(char::is_control) && shown.contains("control character"),
            "{shown:?}"
        );
        let e = Rules::from_toml("t", BASE, "bad\u{7}file.toml");
        assert!(e.is_ok());
        let e = RuleError {
            file: "bad\u{7}.toml".into(),
            key: None,
            line: None,
            reason: "x".into(),
        };
        assert_eq!(e.to_string(), "bad\\u{7}.toml: x");
    }

    #[test]
    fn random_layout_draws_every_split_alike() {
        // 2 holes a row, 3 seeds a hole: 2 in every hole, the other 4 split
        // among 4 holes, C(7, 3) = 35 splits.
        let r = Rules::from_toml(
            "t",
            "name = \"T\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 3\nlayout = \"random\"\n[sowing]\nstart = \"next\"\n",
            "t.toml",
        )
        .unwrap();
        let mut seen = std::collections::HashMap::new();
        for seed in 0..7000 {
            let pos = r.start_seeded(seed);
            let board: Vec<u8> = (0..4).map(|h| pos.seeds(h)).collect();
            assert!(r.is_start_board(&board), "{board:?}");
            *seen.entry(board).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 35);
        // 200 each on average; a fair draw stays well inside these bounds.
        assert!(seen.values().all(|&n| (120..=280).contains(&n)), "{seen:?}");
        // Seed 0 is the start; a seed's board never changes.
        assert_eq!(r.start_seeded(0), r.start());
        assert_eq!(r.start_seeded(41), r.start_seeded(41));
        // Fewer than 2 seeds a hole in a hole, or seeds missing, is no start.
        assert!(!r.is_start_board(&[1, 3, 4, 4]));
        assert!(!r.is_start_board(&[2, 2, 2, 5]));
        assert!(r.is_start_board(&[2, 2, 2, 6]));
        // One seed a hole: no floor, a hole may start empty.
        let one = Rules::from_toml(
            "t",
            "name = \"T\"\n[board]\nholes_per_row = 1\nseeds_per_hole = 1\nlayout = \"random\"\n[sowing]\nstart = \"next\"\n",
            "t.toml",
        )
        .unwrap();
        assert!(one.is_start_board(&[0, 2]));
        let boards: std::collections::HashSet<[u8; 2]> = (0..100)
            .map(|seed| {
                let p = one.start_seeded(seed);
                [p.seeds(0), p.seeds(1)]
            })
            .collect();
        assert_eq!(boards.len(), 3, "{boards:?}");
        // The uniform layout has one start board.
        let plain = Rules::from_toml("t", BASE, "t.toml").unwrap();
        assert!(plain.is_start_board(&[4; 6]));
        assert!(!plain.is_start_board(&[3, 5, 4, 4, 4, 4]));
        assert_eq!(plain.start_seeded(3), plain.start());
    }
}
