//! Game records for export and import.
//!
//! A record as text is a few `key: value` lines; `game` and `moves` are
//! what import needs, other keys (`id`, `result`) are ignored, and so are
//! blank lines and lines starting with `#`:
//!
//! ```text
//! game: modiar
//! moves: A c B b
//! ```
//!
//! As JSON, import takes `{"game": "modiar", "moves": "A c B b"}` (or the
//! moves as a list), which is also what export answers, so an exported
//! record can be imported as it is. Both forms may add `opponent` and
//! `side` as in `POST /api/games`, to go on playing the imported game.

use serde::Deserialize;

use crate::error::ApiError;
use crate::request::{CreateRequest, MoveList};
use crate::view::GameView;

/// What import takes as JSON: the fields of `POST /api/games`, and those
/// an export adds (read and ignored, so an export imports as it is). Any
/// other field is refused, as `docs/api.md` says of every JSON body.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportJson {
    /// The record as text (what the page sends: POST bodies are JSON).
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    moves: Option<MoveList>,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default, rename = "id")]
    _id: Option<serde::de::IgnoredAny>,
    #[serde(default, rename = "record")]
    _record: Option<serde::de::IgnoredAny>,
    #[serde(default, rename = "result")]
    _result: Option<serde::de::IgnoredAny>,
}

/// Reads an imported record, as JSON or as text.
pub fn parse_import(body: &[u8]) -> Result<CreateRequest, ApiError> {
    let text = std::str::from_utf8(body)
        .map_err(|_| ApiError::bad_request("the record is not UTF-8 text"))?;
    let trimmed = text.trim_start();
    if trimmed.is_empty() {
        return Err(ApiError::bad_request(
            "the record is empty; send game: ID and moves: A c B b",
        ));
    }
    if trimmed.starts_with('{') {
        let r: ImportJson = serde_json::from_str(trimmed).map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::BAD_REQUEST,
                "bad_json",
                format!("the record is not valid JSON: {e}"),
            )
        })?;
        let game = match (r.game, r.text) {
            (Some(game), _) => game,
            (None, Some(text)) => {
                let mut req = parse_import(text.as_bytes())?;
                req.opponent = r.opponent.or(req.opponent);
                req.side = r.side.or(req.side);
                return Ok(req);
            }
            (None, None) => {
                return Err(ApiError::bad_request(
                    "the record has no game (e.g. \"game\": \"modiar\")",
                ));
            }
        };
        return Ok(CreateRequest {
            game,
            opponent: r.opponent,
            side: r.side,
            moves: r.moves,
        });
    }
    let mut req = CreateRequest::default();
    let mut have_game = false;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(ApiError::bad_request(format!(
                "line {}: {line:?} is not a key: value line (game: ID, moves: A c B b)",
                n + 1
            )));
        };
        let value = value.trim().to_string();
        match key.trim().to_ascii_lowercase().as_str() {
            "game" => {
                req.game = value;
                have_game = true;
            }
            "moves" => {
                // Moves may run over several lines: append.
                let mut labels = req.moves.take().map(|m| m.labels()).unwrap_or_default();
                labels.extend(value.split_whitespace().map(str::to_string));
                req.moves = Some(MoveList::List(labels));
            }
            "opponent" => req.opponent = Some(value),
            "side" => req.side = Some(value),
            _ => {}
        }
    }
    if !have_game {
        return Err(ApiError::bad_request(
            "the record has no game: line (e.g. game: modiar)",
        ));
    }
    Ok(req)
}

/// The result of a finished game in words, e.g. `South wins 24-18 (the
/// player to move has no legal move)`.
pub fn result_line(view: &GameView) -> String {
    let state = &view.state;
    let who = match state.winner.as_deref() {
        Some("south") => "South wins",
        Some("north") => "North wins",
        Some(_) => "Draw",
        None => "Not over",
    };
    let score = state
        .score
        .as_ref()
        .map(|[s, n]| format!(" {s}-{n}"))
        .unwrap_or_default();
    match &state.reason {
        Some(reason) => format!("{who}{score} ({reason})"),
        None => format!("{who}{score}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_records_are_read() {
        let r = parse_import(b"# a game\ngame: modiar\nmoves: A c\nmoves: B b\nresult: whatever\n")
            .unwrap();
        assert_eq!(r.game, "modiar");
        assert_eq!(r.moves.unwrap().labels(), ["A", "c", "B", "b"]);
        let r =
            parse_import(br#"{"id": "x", "game": "tihbat", "moves": ["A", "b"], "text": "..."}"#)
                .unwrap();
        assert_eq!(r.game, "tihbat");
        assert_eq!(r.moves.unwrap().labels(), ["A", "b"]);
        assert!(
            parse_import(b"moves: A\n")
                .unwrap_err()
                .message
                .contains("game:")
        );
        assert!(
            parse_import(b"hello\n")
                .unwrap_err()
                .message
                .contains("line 1")
        );
        assert!(parse_import(b"").is_err());
        assert!(parse_import(b"{nope").unwrap_err().message.contains("JSON"));
    }

    /// A JSON import with an unknown field is refused
    /// (400 bad_json, naming the field), as docs/api.md says; an export's own
    /// fields are still read.
    #[test]
    fn json_imports_refuse_unknown_fields() {
        let err =
            parse_import(br#"{"game": "tihbat", "moves": "A b", "colour": "red"}"#).unwrap_err();
        assert_eq!((err.status.as_u16(), err.code), (400, "bad_json"));
        assert!(
            err.message.contains("unknown field `colour`"),
            "{}",
            err.message
        );
        let export = br#"{"id": "x", "game": "tihbat", "moves": ["A", "b"], "record": "A b", "text": "game: tihbat\n", "result": null}"#;
        assert_eq!(parse_import(export).unwrap().game, "tihbat");
    }
}
