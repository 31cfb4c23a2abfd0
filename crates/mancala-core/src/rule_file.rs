//! Reading rule files: the built-in games, files on disk, parameters
//! (`kalah:holes=4,seeds=3`), and errors that name the file, line and key.

use std::fmt;
use std::path::Path;

use crate::Side;
use crate::rules::Rules;
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

    /// Which board parameters the game was loaded with (`kalah:holes=4`),
    /// beyond its rule file; the rules already apply them.
    pub fn given_parameters(&self) -> GivenParameters {
        let Some(params) = split_params(self.id()).1 else {
            return GivenParameters::default();
        };
        let given = |key: &str| {
            params
                .split(',')
                .any(|p| p.split_once('=').is_some_and(|(k, _)| k.trim() == key))
        };
        GivenParameters {
            board: given("holes") || given("seeds"),
            first: given("first"),
        }
    }

    /// The game's name as a heading: its name, and the board parameters it
    /// was loaded with, if any, since its board is then not the one the
    /// name alone stands for. `Kalah` for `kalah`; `Kalah (4 holes a row,
    /// 3 seeds a hole)` for `kalah:holes=4,seeds=3`; `Oware (North moves
    /// first)` for `oware:first=north`.
    pub fn title(&self) -> String {
        let given = self.given_parameters();
        let board = &self.spec().board;
        let mut parts = Vec::new();
        if given.board {
            let plural =
                |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            parts.push(format!(
                "{} a row, {} a hole",
                plural(board.holes_per_row, "hole", "holes"),
                plural(board.seeds_per_hole, "seed", "seeds")
            ));
        }
        if given.first {
            parts.push(format!("{} moves first", board.first_player.title()));
        }
        if parts.is_empty() {
            return self.name().to_string();
        }
        format!("{} ({})", self.name(), parts.join("; "))
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
}

/// The board parameters a game was loaded with ([`Rules::given_parameters`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GivenParameters {
    /// `holes=` or `seeds=`: the board's holes or seeds are its own.
    pub board: bool,
    /// `first=`: who moves first is its own.
    pub first: bool,
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
        // From one to the largest each can be: the board's holes, the seeds
        // a board holds.
        let number = |max: usize| {
            crate::notation::parse_whole_in(value, 1..=max as u64)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A game loaded with board parameters is headed with them: its board is
    /// not the one its name alone stands for.
    #[test]
    fn titles_carry_the_board_parameters() {
        let title = |id: &str| Rules::load(id).unwrap().title();
        assert_eq!(title("kalah"), "Kalah");
        assert_eq!(
            title("kalah:holes=4,seeds=3"),
            "Kalah (4 holes a row, 3 seeds a hole)"
        );
        assert_eq!(
            title("kalah:seeds=1"),
            "Kalah (6 holes a row, 1 seed a hole)"
        );
        assert_eq!(title("oware:first=north"), "Oware (North moves first)");
        assert_eq!(
            title("oware:holes=5,first=north"),
            "Oware (5 holes a row, 4 seeds a hole; North moves first)"
        );
    }
}
