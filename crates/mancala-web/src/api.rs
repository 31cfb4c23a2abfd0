//! The HTTP routes: the page, the JSON API and the live WebSocket.
//!
//! Every handler answers JSON; every failure, including a body that is not
//! JSON, too large, or a path that does not exist, is an [`ApiError`] with a
//! 4xx status (5xx only when the server itself fails, e.g. the disk).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::ws::{
    Message, WebSocket, WebSocketUpgrade, rejection::WebSocketUpgradeRejection,
};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::hub::Hub;
use crate::limits::Client;
use crate::request::{CreateRequest, PlayRequest};

/// Largest request body accepted, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

type Shared = Arc<Hub>;
type ApiResult = Result<Response, ApiError>;

/// The routes, with the hub as their state.
pub fn routes(hub: Shared) -> Router {
    Router::new()
        .route("/", get(crate::pages::index))
        .route("/games", get(crate::pages::catalogue))
        .route("/games/{id}", get(crate::pages::game))
        .route("/lang", get(crate::pages::switch))
        .route("/assets/app.js", get(page::script))
        .route("/assets/pages.js", get(page::pages_script))
        .route("/assets/style.css", get(page::style))
        .route("/assets/fonts/{file}", get(page::font))
        .route("/favicon.ico", get(page::favicon))
        .route("/api", get(api_index))
        .route("/api/rules", get(rules))
        .route("/api/games", get(list).post(create))
        .route("/api/games/import", post(import))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/seat", post(seat))
        .route("/api/games/{id}/invite", post(invite))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/positions", get(positions))
        .route("/api/games/{id}/live", get(live))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(json_posts_only))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            hub.config().limits.body_timeout,
        ))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(panicked))
        .layer(security_headers())
        .with_state(hub)
}

/// The page's content security policy: everything from this server only,
/// no inline script or style, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
     frame-ancestors 'none'";

fn security_headers() -> tower::layer::util::Stack<
    tower_http::set_header::SetResponseHeaderLayer<HeaderValue>,
    tower::layer::util::Stack<
        tower_http::set_header::SetResponseHeaderLayer<HeaderValue>,
        tower::layer::util::Stack<
            tower_http::set_header::SetResponseHeaderLayer<HeaderValue>,
            tower_http::set_header::SetResponseHeaderLayer<HeaderValue>,
        >,
    >,
> {
    use tower_http::set_header::SetResponseHeaderLayer as Set;
    let header = |name: &'static str, value: &'static str| {
        Set::if_not_present(
            header::HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    tower::layer::util::Stack::new(
        header("content-security-policy", CONTENT_SECURITY_POLICY),
        tower::layer::util::Stack::new(
            header("x-frame-options", "DENY"),
            tower::layer::util::Stack::new(
                header("x-content-type-options", "nosniff"),
                header("referrer-policy", "no-referrer"),
            ),
        ),
    )
}

/// Refuses a POST whose body is not declared as JSON: a page of another
/// site can send a form or a `text/plain` body without asking, but not
/// `application/json`.
async fn json_posts_only(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if request.method() == Method::POST {
        let kind = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let essence = kind.split(';').next().unwrap_or("").trim();
        if !essence.eq_ignore_ascii_case("application/json") {
            return ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "json_required",
                format!(
                    "POST bodies must be sent as Content-Type: application/json (not {kind:?})"
                ),
            )
            .into_response();
        }
    }
    next.run(request).await
}

fn panicked(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal("the server hit a bug answering this request; it goes on serving")
        .into_response()
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("nothing is at {}; the API is listed at /api", uri.path()),
    )
}

async fn method_not_allowed(uri: Uri, method: axum::http::Method) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!(
            "{method} is not allowed on {}; the API is listed at /api",
            uri.path()
        ),
    )
}

/// Reads a JSON body; an empty body reads as `{}`.
fn json_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!(
                    "the request body is larger than the {} KiB allowed",
                    MAX_BODY / 1024
                ),
            )
        } else {
            body_unread(e)
        }
    })?;
    let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        &bytes
    };
    serde_json::from_slice(text).map_err(|e| {
        let what = if e.is_data() {
            "the JSON does not fit"
        } else {
            "the body is not valid JSON"
        };
        ApiError::new(StatusCode::BAD_REQUEST, "bad_json", format!("{what}: {e}"))
    })
}

fn body_unread(e: BytesRejection) -> ApiError {
    let text = e.body_text();
    if text.contains("timed out") || text.contains("timeout") {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            "the request body took too long to arrive",
        )
    } else {
        ApiError::bad_request(format!("the request body could not be read: {text}"))
    }
}

/// 429: a client over its rate.
fn rate_limited(what: &str, wait: Duration) -> ApiError {
    let secs = wait.as_secs() + 1;
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("too many {what} from this address; try again in {secs} s"),
    )
    .with("retry_after", secs)
}

fn path_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    path.map(|Path(id)| id)
        .map_err(|e| ApiError::bad_request(e.body_text()))
}

fn ok<T: serde::Serialize>(value: T) -> ApiResult {
    Ok(axum::Json(value).into_response())
}

async fn api_index() -> ApiResult {
    ok(json!({
        "name": "mancala",
        "version": env!("CARGO_PKG_VERSION"),
        "endpoints": [
            "GET /api/rules",
            "GET /api/games?status=playing|over&limit=N&offset=N (header X-Seat-Tokens: yours)",
            "POST /api/games {game, opponent, side, moves}",
            "POST /api/games/import (JSON record, or {text})",
            "GET /api/games/{id}",
            "POST /api/games/{id}/moves {token, move, version}",
            "POST /api/games/{id}/join {invite, token}",
            "POST /api/games/{id}/seat {token}",
            "POST /api/games/{id}/invite {token}",
            "POST /api/games/{id}/undo {token}",
            "POST /api/games/{id}/resign {token, side}",
            "POST /api/games/{id}/hint {token}",
            "GET /api/games/{id}/record?format=json|text",
            "GET /api/games/{id}/positions",
            "GET /api/games/{id}/live (WebSocket)",
        ],
        "docs": "docs/api.md",
    }))
}

/// `GET /api/rules[?lang=fa[&digits=latin]]`: with a language, each game's
/// `name`, `summary` (`mancala_i18n::summary`) and `rules_text` (its page as text)
/// are in that language (the rest stays as it is).
async fn rules(
    State(hub): State<Shared>,
    Query(params): Query<std::collections::HashMap<String, String>>,
) -> ApiResult {
    let mut games =
        serde_json::to_value(hub.catalogue()).map_err(|e| ApiError::internal(e.to_string()))?;
    if let Some(lang) = params
        .get("lang")
        .and_then(|c| crate::l10n::Lang::from_code(c))
        && lang != crate::l10n::Lang::En
    {
        let latin = params.get("digits").is_some_and(|d| d == "latin");
        for game in games.as_array_mut().into_iter().flatten() {
            let Some(rules) = game["id"]
                .as_str()
                .and_then(|id| mancala_core::Rules::load(id).ok())
            else {
                continue;
            };
            game["summary"] = mancala_i18n::summary(&rules, lang, latin).into();
            // The page's "Full rules": the game page as text, same shape (title, underline, sections of `- ` items).
            game["rules_text"] = mancala_i18n::rules_text_digits(&rules, lang, latin).into();
            game["name"] = crate::l10n::game_name(
                &crate::l10n::Reader { lang, latin },
                rules.id(),
                rules.name(),
            )
            .into();
        }
    }
    ok(json!({ "games": games, "perfect_play": hub.catalogue().iter().any(|g| g.perfect) }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    status: Option<String>,
    limit: Option<u32>,
    offset: Option<u32>,
}

/// The seat tokens a person sends to see their own games listed.
pub const TOKENS_HEADER: &str = "x-seat-tokens";

async fn list(
    State(hub): State<Shared>,
    headers: HeaderMap,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult {
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let status = match q.status.as_deref() {
        None | Some("") | Some("all") => None,
        Some(s @ ("playing" | "over")) => Some(s.to_string()),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "status {other:?}: choose playing, over or all"
            )));
        }
    };
    let limit = q.limit.unwrap_or(50).clamp(1, 500);
    let offset = q.offset.unwrap_or(0);
    let tokens: Vec<String> = headers
        .get_all(TOKENS_HEADER)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split([',', ' ']))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let (games, total) = hub.list(status, &tokens, limit, offset).await?;
    let games: Vec<serde_json::Value> = games
        .into_iter()
        .map(|row| {
            let name = hub.game_title(&row.game);
            let mut v = serde_json::to_value(row).expect("rows serialise");
            v["name"] = json!(name);
            v
        })
        .collect();
    ok(json!({ "games": games, "total": total, "limit": limit, "offset": offset }))
}

async fn create(
    State(hub): State<Shared>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let req: CreateRequest = json_body(body)?;
    hub.creates()
        .take(&client.0)
        .map_err(|wait| rate_limited("new games", wait))?;
    let created = hub.create(req, &client.0).await?;
    Ok((StatusCode::CREATED, axum::Json(created)).into_response())
}

async fn import(
    State(hub): State<Shared>,
    client: Client,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("the record is larger than {} KiB", MAX_BODY / 1024),
            )
        } else {
            body_unread(e)
        }
    })?;
    let req = crate::record::parse_import(&bytes)?;
    hub.creates()
        .take(&client.0)
        .map_err(|wait| rate_limited("new games", wait))?;
    let created = hub.create(req, &client.0).await?;
    Ok((StatusCode::CREATED, axum::Json(created)).into_response())
}

async fn show(State(hub): State<Shared>, id: Result<Path<String>, PathRejection>) -> ApiResult {
    ok(hub.view(&path_id(id)?).await?)
}

async fn play(
    State(hub): State<Shared>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let request: PlayRequest = json_body(body)?;
    ok(hub.play(&id, request, &client.0).await?)
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SeatBody {
    token: Option<String>,
    side: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    invite: Option<String>,
    token: Option<String>,
}

async fn join(
    State(hub): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let b: JoinBody = json_body(body)?;
    ok(hub
        .join(&id, b.invite.as_deref(), b.token.as_deref())
        .await?)
}

async fn seat(
    State(hub): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let b: SeatBody = json_body(body)?;
    ok(json!({ "sides": hub.seat(&id, b.token.as_deref()).await? }))
}

async fn invite(
    State(hub): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let b: SeatBody = json_body(body)?;
    ok(json!({ "invite": hub.invite(&id, b.token.as_deref()).await? }))
}

async fn undo(
    State(hub): State<Shared>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let b: SeatBody = json_body(body)?;
    ok(hub.undo(&id, b.token.as_deref(), &client.0).await?)
}

async fn resign(
    State(hub): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let b: SeatBody = json_body(body)?;
    ok(hub
        .resign(&id, b.token.as_deref(), b.side.as_deref())
        .await?)
}

async fn hint(
    State(hub): State<Shared>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let b: SeatBody = json_body(body)?;
    ok(hub.hint(&id, b.token.as_deref(), &client.0).await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordQuery {
    format: Option<String>,
}

async fn record(
    State(hub): State<Shared>,
    id: Result<Path<String>, PathRejection>,
    query: Result<Query<RecordQuery>, QueryRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let record = hub.record(&id).await?;
    match q.format.as_deref() {
        None | Some("json") => ok(record),
        Some("text") => Ok((
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            record.text,
        )
            .into_response()),
        Some(other) => Err(ApiError::bad_request(format!(
            "format {other:?}: choose json or text"
        ))),
    }
}

async fn positions(
    State(hub): State<Shared>,
    id: Result<Path<String>, PathRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let view = hub.view(&id).await?;
    let positions = hub.positions(&id).await?;
    ok(json!({ "id": id, "game": view, "positions": positions }))
}

async fn live(
    State(hub): State<Shared>,
    client: Client,
    id: Result<Path<String>, PathRejection>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult {
    let id = path_id(id)?;
    let limits = hub.config().limits.clone();
    let (game, rx) = hub.subscribe(&id).await?;
    let ws = ws.map_err(|e| {
        ApiError::new(
            StatusCode::UPGRADE_REQUIRED,
            "websocket_required",
            format!(
                "{} is a WebSocket: connect with a WebSocket client ({})",
                format_args!("/api/games/{id}/live"),
                e.body_text()
            ),
        )
    })?;
    let held = hub
        .sockets()
        .try_hold(&client.0, limits.sockets_per_client, limits.sockets_total)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_sockets",
                format!(
                    "too many live connections (at most {} from one address); close some",
                    limits.sockets_per_client
                ),
            )
        })?;
    let ws = ws
        .max_message_size(limits.socket_message)
        .max_frame_size(limits.socket_message)
        .read_buffer_size(4096)
        .write_buffer_size(4096)
        .max_write_buffer_size(256 * 1024);
    Ok(ws.on_upgrade(move |socket| async move {
        let _held = held;
        run_socket(socket, hub, game, rx, limits.socket_idle).await
    }))
}

/// Sends the game's state on connect and after every change; answers
/// `ping` text messages with `pong`; pings the client every 25 s (or
/// sooner when `idle` is short), and closes the socket when nothing came
/// from the client for `idle`.
async fn run_socket(
    mut socket: WebSocket,
    hub: Shared,
    game: Arc<crate::hub::LiveGame>,
    mut rx: tokio::sync::broadcast::Receiver<axum::extract::ws::Utf8Bytes>,
    idle: Duration,
) {
    if socket
        .send(Message::Text(hub.current_event(&game).await))
        .await
        .is_err()
    {
        return;
    }
    let mut keepalive = tokio::time::interval(
        Duration::from_secs(25)
            .min(idle / 3)
            .max(Duration::from_millis(10)),
    );
    keepalive.tick().await;
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            event = rx.recv() => {
                let text = match event {
                    Ok(text) => text,
                    Err(RecvError::Lagged(_)) => hub.current_event(&game).await,
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(text)).await.is_err() {
                    break;
                }
            }
            message = socket.recv() => match message {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(Message::Text(t))) if t.as_str() == "ping" => {
                    heard = tokio::time::Instant::now();
                    if socket.send(Message::Text("pong".into())).await.is_err() {
                        break;
                    }
                }
                Some(Ok(_)) => heard = tokio::time::Instant::now(),
            },
            _ = keepalive.tick() => {
                if heard.elapsed() >= idle {
                    let _ = socket
                        .send(Message::Close(Some(axum::extract::ws::CloseFrame { code: 1001, reason: "idle".into() })))
                        .await;
                    break;
                }
                if socket.send(Message::Ping(Bytes::new())).await.is_err() {
                    break;
                }
            }
        }
    }
}

mod page {
    use axum::extract::Path;
    use axum::http::{StatusCode, header};
    use axum::response::{IntoResponse, Response};

    const PAGES: &str = include_str!("../static/pages.js");
    const SCRIPT: &str = include_str!("../static/app.js");
    const STYLE: &str = include_str!("../static/style.css");

    fn asset(kind: &'static str, body: &'static str) -> impl IntoResponse {
        (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
    }

    pub async fn pages_script() -> impl IntoResponse {
        asset("text/javascript; charset=utf-8", PAGES)
    }
    pub async fn script() -> impl IntoResponse {
        asset("text/javascript; charset=utf-8", SCRIPT)
    }
    pub async fn style() -> impl IntoResponse {
        asset("text/css; charset=utf-8", STYLE)
    }
    /// The web fonts of `static/fonts` (see its README), by file name.
    pub const FONTS: [(&str, &[u8]); 6] = [
        (
            "noto-sans-gurmukhi-400.woff2",
            include_bytes!("../static/fonts/noto-sans-gurmukhi-400.woff2"),
        ),
        (
            "noto-sans-gurmukhi-700.woff2",
            include_bytes!("../static/fonts/noto-sans-gurmukhi-700.woff2"),
        ),
        (
            "noto-sans-myanmar-400.woff2",
            include_bytes!("../static/fonts/noto-sans-myanmar-400.woff2"),
        ),
        (
            "noto-sans-myanmar-700.woff2",
            include_bytes!("../static/fonts/noto-sans-myanmar-700.woff2"),
        ),
        (
            "vazirmatn-400.woff2",
            include_bytes!("../static/fonts/vazirmatn-400.woff2"),
        ),
        (
            "vazirmatn-700.woff2",
            include_bytes!("../static/fonts/vazirmatn-700.woff2"),
        ),
    ];

    /// `GET /assets/fonts/{file}`: a font, kept by browsers for 30 days
    /// (a font's file changes only with a new font version).
    pub async fn font(Path(file): Path<String>) -> Response {
        match FONTS.iter().find(|(name, _)| *name == file) {
            Some((_, bytes)) => (
                [
                    (header::CONTENT_TYPE, "font/woff2"),
                    (header::CACHE_CONTROL, "public, max-age=2592000"),
                ],
                *bytes,
            )
                .into_response(),
            None => crate::error::ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("no font is named {file:?}"),
            )
            .into_response(),
        }
    }

    pub async fn favicon() -> impl IntoResponse {
        StatusCode::NO_CONTENT
    }
}
