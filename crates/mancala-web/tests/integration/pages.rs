//! The server-rendered pages: the catalogue, a page per game, the play page
//! in each language, the language chosen from the address, the switcher's
//! cookie and Accept-Language.

use crate::common;

use common::{Client, Server};
use mancala_core::Rules;
use mancala_i18n::{Lang, Section, section_title};

const MISSING: &str = "⟦missing";

async fn page(base: &str, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut request = client.get(format!("{base}{path}"));
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

fn html_lang(body: &str) -> (String, String) {
    let start = body.find("<html").expect("an html element");
    let tag = &body[start..start + body[start..].find('>').unwrap()];
    let attr = |name: &str| {
        let at = tag
            .find(&format!("{name}=\""))
            .unwrap_or_else(|| panic!("no {name} in {tag}"))
            + name.len()
            + 2;
        tag[at..at + tag[at..].find('"').unwrap()].to_string()
    };
    (attr("lang"), attr("dir"))
}

/// The HTML-escaped form of a text, as the pages write it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[tokio::test]
async fn the_catalogue_lists_every_builtin_game_in_every_language() {
    let server = Server::start(30).await;
    let ids: Vec<&str> = Rules::builtin_ids().collect();
    for lang in Lang::ALL {
        let (status, body) = page(&server.base, &format!("/games?lang={}", lang.code()), &[]).await;
        assert_eq!(status, 200);
        assert_eq!(
            html_lang(&body),
            (
                lang.code().to_string(),
                if lang.is_rtl() { "rtl" } else { "ltr" }.to_string()
            )
        );
        assert!(
            !body.contains(MISSING),
            "{}: a missing message in the catalogue",
            lang.code()
        );
        for id in &ids {
            assert!(
                body.contains(&format!("href=\"/games/{id}\"")),
                "{}: {id} is not in the catalogue",
                lang.code()
            );
        }
        assert_eq!(body.matches("<li class=\"game\"").count(), ids.len());
        // Each of the four languages can be chosen from the page.
        for other in Lang::ALL {
            assert!(body.contains(&format!("/lang?set={}", other.code())));
        }
    }
    // Persian and Burmese count in their own digits, or in Latin ones when asked.
    let n = ids.len().to_string();
    let persian: String = n
        .chars()
        .map(|c| char::from_u32(0x06F0 + c.to_digit(10).unwrap()).unwrap())
        .collect();
    let (_, fa) = page(&server.base, "/games?lang=fa", &[]).await;
    assert!(fa.contains(&persian), "the count in Persian digits");
    let (_, fa_latin) = page(
        &server.base,
        "/games?lang=fa",
        &[("cookie", "digits=latin")],
    )
    .await;
    assert!(
        fa_latin.contains(&format!("\u{2068}{n}\u{2069}")) && !fa_latin.contains(&persian),
        "the count in Latin digits"
    );
}

#[tokio::test]
async fn the_catalogue_filters_by_the_address() {
    let server = Server::start(30).await;
    let hidden = |body: &str, id: &str| {
        let at = body.find(&format!("data-id=\"{id}\"")).unwrap();
        body[at..at + body[at..].find('>').unwrap()].contains(" hidden")
    };
    let (_, body) = page(&server.base, "/games?stores=yes&lang=en", &[]).await;
    assert!(!hidden(&body, "kalah") && hidden(&body, "modiar"));
    let (_, body) = page(&server.base, "/games?q=kal", &[]).await;
    assert!(!hidden(&body, "kalah") && hidden(&body, "oware"));
    let (_, body) = page(&server.base, "/games?mech=relay", &[]).await;
    assert!(!hidden(&body, "sadeqa-ii") && hidden(&body, "kalah"));
    let (_, body) = page(&server.base, "/games?holes=99", &[]).await;
    assert!(
        body.contains("id=\"none\" class=\"none\">"),
        "the no-match sentence is shown"
    );
}

#[tokio::test]
async fn every_game_page_has_the_translated_sections_in_every_language() {
    let server = Server::start(30).await;
    for id in Rules::builtin_ids() {
        let rules = Rules::builtin(id).unwrap();
        for lang in Lang::ALL {
            let (status, body) = page(
                &server.base,
                &format!("/games/{id}"),
                &[("cookie", &format!("lang={}", lang.code()))],
            )
            .await;
            assert_eq!(status, 200, "{id} in {}", lang.code());
            assert!(
                !body.contains(MISSING),
                "{id} in {}: a missing message",
                lang.code()
            );
            assert_eq!(html_lang(&body).0, lang.code());
            for section in [
                Section::PlayThisGame,
                Section::Overview,
                Section::Board,
                Section::Play,
                Section::End,
            ] {
                let title = escaped(&section_title(lang, section));
                assert!(
                    body.contains(&title),
                    "{id} in {}: no {section:?} title {title:?}",
                    lang.code()
                );
            }
            if rules.spec().capture.rule != mancala_core::spec::CaptureRule::None {
                assert!(
                    body.contains(&escaped(&section_title(lang, Section::Capture))),
                    "{id}: capture section"
                );
            }
            // The button opens the new-game form with this game chosen.
            assert!(body.contains(&format!("href=\"/#/new/{id}\"")));
            // The board: every hole drawn, stores when the game has them.
            assert_eq!(body.matches("<g class=\"hole\"").count(), rules.holes());
            assert_eq!(
                body.matches("<g class=\"store\"").count(),
                if rules.has_stores() { 2 } else { 0 }
            );
        }
        // English pages say which rules are the project's own.
        if !rules.spec().about.house_rules.is_empty() {
            let (_, body) = page(&server.base, &format!("/games/{id}?lang=en"), &[]).await;
            assert!(
                body.contains("House rule, the sources are silent: "),
                "{id}: the house rules are shown as such"
            );
        }
    }
    let (status, body) = page(&server.base, "/games/no-such-game?lang=fa", &[]).await;
    assert_eq!(status, 404);
    assert!(body.contains("no-such-game") && body.contains("dir=\"rtl\""));
}

/// A game whose text writes its name in the reader's script is headed in
/// that script too (page title, heading, the API's name), the name the
/// sources use beside it; the name is the one the text uses.
#[tokio::test]
async fn a_game_named_in_the_readers_script_is_headed_in_it() {
    let server = Server::start(30).await;
    let api = Client::new(&server.base);
    let mut named = 0;
    for lang in Lang::ALL {
        let (_, rules) = api.get(&format!("/api/rules?lang={}", lang.code())).await;
        for id in Rules::builtin_ids() {
            let Some(local) = mancala_i18n::localizer().game_text(lang, id, "name") else {
                continue;
            };
            named += 1;
            let (_, body) = page(
                &server.base,
                &format!("/games/{id}?lang={}", lang.code()),
                &[],
            )
            .await;
            // Digits in the reader's own (the page writes them so).
            let zero = match lang {
                Lang::Fa => Some('۰'),
                Lang::My => Some('၀'),
                _ => None,
            };
            let local: String = local
                .chars()
                .map(|c| match (zero, c.to_digit(10)) {
                    (Some(z), Some(d)) if c.is_ascii_digit() => {
                        char::from_u32(z as u32 + d).unwrap()
                    }
                    _ => c,
                })
                .collect();
            let local_html = escaped(&local);
            assert!(
                body.contains(&format!("<title>{local_html}</title>")),
                "{id} in {}: title",
                lang.code()
            );
            assert!(
                body.contains(&format!("<h1><bdi>{local_html}</bdi>")),
                "{id} in {}: heading",
                lang.code()
            );
            let latin = Rules::builtin(id).unwrap().name().to_string();
            assert!(
                body.contains(&format!(
                    "<span class=\"latin-name\" lang=\"en\">{}</span>",
                    escaped(&latin)
                )),
                "{id} in {}",
                lang.code()
            );
            let listed = rules["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["id"] == id)
                .unwrap();
            assert_eq!(
                listed["name"],
                local.as_str(),
                "{id} in {}: /api/rules",
                lang.code()
            );
            // The text under the heading calls the game so (the name without its qualifier).
            let stem = local.split([' ', '(']).next().unwrap();
            let text: String = ["overview", "source"]
                .iter()
                .filter_map(|field| mancala_i18n::localizer().game_text(lang, id, field))
                .collect();
            assert!(
                text.contains(stem),
                "{id} in {}: the text does not say {stem:?}",
                lang.code()
            );
        }
    }
    assert!(named >= 30, "{named} games named in a reader's script");
    let (_, body) = page(&server.base, "/games/kalah?lang=fa", &[]).await;
    assert!(body.contains("<title>کالاه</title>"));
    let (_, body) = page(&server.base, "/games/modiar?lang=pa", &[]).await;
    assert!(body.contains("<h1><bdi>ਮੋਡੀਆਰ</bdi>"));
}

#[tokio::test]
async fn the_language_comes_from_the_address_then_the_cookie_then_accept_language() {
    let server = Server::start(30).await;
    for (accept, lang) in [
        ("fa-IR,fa;q=0.9,en;q=0.8", "fa"),
        ("my", "my"),
        ("pa-IN, en;q=0.5", "pa"),
        ("en-GB,en;q=0.9", "en"),
        ("de-DE, fr;q=0.9", "en"),
        ("", "en"),
    ] {
        let (_, body) = page(&server.base, "/games", &[("accept-language", accept)]).await;
        assert_eq!(html_lang(&body).0, lang, "Accept-Language {accept:?}");
        let (_, body) = page(&server.base, "/", &[("accept-language", accept)]).await;
        assert_eq!(
            html_lang(&body).0,
            lang,
            "the play page with Accept-Language {accept:?}"
        );
    }
    // The switcher's cookie wins over the browser's languages; the address over both.
    let (_, body) = page(
        &server.base,
        "/games/kalah",
        &[("accept-language", "fa"), ("cookie", "theme=x; lang=pa")],
    )
    .await;
    assert_eq!(html_lang(&body), ("pa".to_string(), "ltr".to_string()));
    let (_, body) = page(
        &server.base,
        "/games/kalah?lang=my",
        &[("accept-language", "fa"), ("cookie", "lang=pa")],
    )
    .await;
    assert_eq!(html_lang(&body).0, "my");

    // The switcher remembers the choice for a year and goes back.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let r = client
        .get(format!("{}/lang?set=fa&back=/games/oware", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 303);
    assert_eq!(r.headers()["location"], "/games/oware");
    let cookie = r.headers()["set-cookie"].to_str().unwrap();
    assert!(
        cookie.starts_with("lang=fa;") && cookie.contains("Max-Age=31536000"),
        "{cookie}"
    );
    let r = client
        .get(format!(
            "{}/lang?digits=latin&back=//evil.example/",
            server.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(
        r.headers()["location"],
        "/games",
        "no redirect off this server"
    );
    assert!(
        r.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .starts_with("digits=latin;")
    );
    let r = client
        .get(format!("{}/lang?set=xx", server.base))
        .send()
        .await
        .unwrap();
    assert!(
        r.headers().get("set-cookie").is_none(),
        "an unknown language is not remembered"
    );
}

#[tokio::test]
async fn the_play_page_is_whole_in_every_language() {
    let server = Server::start(30).await;
    for lang in Lang::ALL {
        let (status, body) = page(&server.base, &format!("/?lang={}", lang.code()), &[]).await;
        assert_eq!(status, 200);
        assert!(
            !body.contains(MISSING),
            "{}: a missing message",
            lang.code()
        );
        assert!(!body.contains("{{"), "{}: a placeholder left", lang.code());
        for id in ["game-select", "start", "board", "history-table", "result"] {
            assert!(body.contains(&format!("id=\"{id}\"")), "{id}");
        }
    }
    let (_, en) = page(&server.base, "/?lang=en", &[]).await;
    assert!(en.contains(">Start game<") && en.contains("<html lang=\"en\" dir=\"ltr\">"));
    let (_, fa) = page(&server.base, "/?lang=fa", &[]).await;
    assert!(fa.contains(">شروع بازی<") && fa.contains("<html lang=\"fa\" dir=\"rtl\">"));
}

#[test]
fn every_message_the_script_asks_for_is_in_every_language() {
    let script = include_str!("../../static/app.js");
    let english = include_str!("../../../mancala-i18n/locales/en/web.ftl");
    let mut asked = 0;
    for piece in script.split("t('js-").skip(1) {
        let id = format!("js-{}", &piece[..piece.find('\'').unwrap()]);
        assert!(
            english.lines().any(|l| l.starts_with(&format!("{id} ="))),
            "app.js asks for {id}, which web.ftl lacks"
        );
        asked += 1;
    }
    assert!(asked > 30, "{asked} messages");
    // The other languages have every English message (the l10n unit test), so these too.
}

/// The codes of every error the server answers, read from its source: the
/// first `"snake_case"` string after each `ApiError::new(` or `ApiError::conflict(`.
fn error_codes() -> Vec<String> {
    let sources = [
        include_str!("../../src/error.rs"),
        include_str!("../../src/api.rs"),
        include_str!("../../src/hub.rs"),
        include_str!("../../src/ai.rs"),
        include_str!("../../src/limits.rs"),
        include_str!("../../src/lib.rs"),
    ];
    let mut codes = Vec::new();
    for src in sources {
        for start in ["ApiError::new(", "ApiError::conflict("] {
            for piece in src.split(start).skip(1) {
                let code = piece.split('"').skip(1).step_by(2).find(|s| {
                    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                });
                if let Some(code) = code
                    && !codes.iter().any(|c| c == code)
                {
                    codes.push(code.to_string());
                }
            }
        }
    }
    codes.retain(|c| c != "code"); // the constructor's own parameter name in error.rs
    codes
}

#[test]
fn every_error_code_and_end_reason_has_a_message_in_every_language() {
    use mancala_core::EndReason as R;
    let codes = error_codes();
    for expected in [
        "illegal_move",
        "not_your_turn",
        "stale",
        "game_over",
        "bad_token",
        "rate_limited",
        "busy",
    ] {
        assert!(
            codes.iter().any(|c| c == expected),
            "{expected} not found in {codes:?}"
        );
    }
    let reasons = [
        R::NoMoves,
        R::BoardEmpty,
        R::Repetition,
        R::Majority,
        R::EndlessMove,
        R::RowEmpty,
        R::PlyLimit,
        R::TooFewSeeds,
    ];
    let mut ids: Vec<String> = codes
        .iter()
        .map(|c| format!("js-error-{}", c.replace('_', "-")))
        .collect();
    ids.extend(reasons.iter().map(|&r| {
        format!(
            "js-reason-{}",
            mancala_web::view::reason_code(r).replace('_', "-")
        )
    }));
    ids.push("js-reason-resigned".into());
    for lang in Lang::ALL {
        let have = mancala_web::l10n::message_ids(lang);
        let missing: Vec<&String> = ids.iter().filter(|id| !have.contains(id)).collect();
        assert!(
            missing.is_empty(),
            "{}/web.ftl lacks {missing:?}",
            lang.code()
        );
    }
    // The script sends them to the page with every js- message.
    let fa = mancala_web::l10n::script_messages(Lang::Fa);
    assert!(fa.contains("\"js-error-not-your-turn\"") && fa.contains("\"js-reason-no-moves\""));
}
