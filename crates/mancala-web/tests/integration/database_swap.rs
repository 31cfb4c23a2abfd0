//! A solved database replaced while the server uses it:
//! rewritten in place it must not crash the server (it used to die of
//! SIGBUS on the truncated memory map); installed anew by rename it is
//! picked up.

use crate::common;

use std::sync::Arc;

use common::{Client, Server, TempDir};
use mancala_core::Rules;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_rewritten_in_place_or_renamed_over_never_takes_the_server_down() {
    let dir = TempDir::new("dbswap");
    let rules = Rules::builtin("tihbat").unwrap();
    let db = mancala_solver::solve(&rules, false).unwrap();
    let installed = dir.path().join(mancala_solver::default_file_name(&rules));
    db.write(&installed).unwrap();
    let good = std::fs::read(&installed).unwrap();
    let server = Server::start_in(dir, 20).await;
    let c = Client::new(&server.base);
    let (id, south, _) = c.create("tihbat", "perfect", "south").await;
    let token = south.unwrap();
    let (status, hint) = c
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(
        (status, hint["perfect"].as_bool()),
        (200, Some(true)),
        "{hint}"
    );
    // Exact from the database: the seed margin and the line of perfect play.
    assert!(hint["margin_seeds"].is_number(), "{hint}");
    assert_eq!(hint["line"][0], hint["move"], "{hint}");

    // Rewritten in place (as `cp new.mdb tihbat.mdb` does): truncated, then
    // half written. The server goes on with the database it had.
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(&installed)
            .unwrap();
        f.write_all(&good[..good.len() / 3]).unwrap();
        f.sync_all().unwrap();
    }
    for _ in 0..3 {
        let (status, hint) = c
            .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
            .await;
        assert_eq!(
            (status, hint["perfect"].as_bool()),
            (200, Some(true)),
            "{hint}"
        );
    }
    let v = c.settled(&id).await;
    let mv = v["legal"][0].as_str().unwrap().to_string();
    assert_eq!(c.play(&id, &token, &mv).await.0, 200);
    c.settled(&id).await;

    // Installed anew by rename: the next use opens it.
    let ai = mancala_web::MancalaAi::with_database_dirs(vec![server.dir.path().to_path_buf()]);
    let before = ai.database(&rules);
    assert!(before.is_none(), "a damaged file alone opens nothing");
    let staged = server.dir.path().join("staged.mdb");
    std::fs::write(&staged, &good).unwrap();
    std::fs::rename(&staged, &installed).unwrap();
    let first = ai
        .database(&rules)
        .expect("the renamed database is picked up");
    let again = ai.database(&rules).unwrap();
    assert!(
        Arc::ptr_eq(&first, &again),
        "an unchanged file is not opened again"
    );
    // Rewritten in place while in use: still readable, and the new one is used once whole.
    std::fs::write(&installed, b"not a database").unwrap();
    let kept = ai.database(&rules).unwrap();
    assert!(
        Arc::ptr_eq(&kept, &first),
        "a damaged replacement keeps the one in use"
    );
    let pos = mancala_core::Game::new(Arc::new(rules.clone()));
    assert!(kept.best_moves(pos.position()).is_some());
    std::fs::write(&staged, &good).unwrap();
    std::fs::rename(&staged, &installed).unwrap();
    let newer = ai.database(&rules).unwrap();
    assert!(
        !Arc::ptr_eq(&newer, &first),
        "the new file replaces the old one"
    );
    // The server itself still answers.
    let (status, _) = c.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
}
