//! The server-rendered pages: the catalogue, a page per game, the play page
//! in each language, the language chosen from the address, the switcher's
//! cookie and Accept-Language.

mod common;

use common::Server;
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
    let script = include_str!("../static/app.js");
    let english = include_str!("../../mancala-i18n/locales/en/web.ftl");
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
