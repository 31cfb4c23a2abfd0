//! mancala-web's integration tests, a module per subject, built as one test
//! binary: the dependencies are linked once, not once per file. One module
//! alone: `cargo test -p mancala-web --test integration MODULE::`.

mod api;
mod common;
mod database_swap;
mod e2e;
mod fuzz_api;
mod kill9;
mod pages;
mod public;
