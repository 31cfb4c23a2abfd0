//! API errors: every failure is a status code and a JSON body
//! `{"error": "what went wrong", "code": "machine_readable_code", ...}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

/// An error answered by the API: a status, a short machine-readable code and
/// a message for people, plus optional extra fields (such as `legal`).
#[derive(Clone, Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A stable code, e.g. `illegal_move`, `unknown_game`, `bad_token`.
    pub code: &'static str,
    /// What went wrong, in English.
    pub message: String,
    /// Extra fields merged into the JSON body.
    pub extra: Map<String, Value>,
}

impl ApiError {
    /// An error with a status, a code and a message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            extra: Map::new(),
        }
    }

    /// Adds a field to the JSON body.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.extra.insert(key.to_string(), value.into());
        self
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 404: no game has this id.
    pub fn no_such_game(id: &str) -> ApiError {
        let shown: String = id.chars().take(64).collect();
        let more = if shown.len() < id.len() { "..." } else { "" };
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_game",
            format!("no game has the id {shown:?}{more}"),
        )
    }

    /// 404: the rules (game kind) are unknown.
    pub fn unknown_rules(name: &str, known: &[String]) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_rules",
            format!("unknown game {name:?}; the games are: {}", known.join(", ")),
        )
        .with("games", known.to_vec())
    }

    /// 401: a seat token is needed and none was given.
    pub fn missing_token(action: &str) -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "missing_token",
            format!(
                "{action} needs a seat token: send {{\"token\": \"...\"}} as given when the game was created or joined"
            ),
        )
    }

    /// 403: the token is not one of this game's seats.
    pub fn bad_token() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "bad_token",
            "this seat token does not hold a seat in this game",
        )
    }

    /// 409: the request conflicts with the game's state.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// 500: the server failed (storage); the request may be retried.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = Map::new();
        body.insert("error".into(), json!(self.message));
        body.insert("code".into(), json!(self.code));
        body.insert("status".into(), json!(self.status.as_u16()));
        body.extend(self.extra);
        let mut response = (self.status, axum::Json(Value::Object(body))).into_response();
        if self.status == StatusCode::PAYLOAD_TOO_LARGE {
            // The rest of the body was never read, so the connection cannot
            // carry another request: saying so keeps a client from sending
            // its next request on a connection the server is closing.
            response.headers_mut().insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
        }
        response
    }
}
