//! mancala-cli's integration tests, a module per subject, built as one test
//! binary: the dependencies are linked once, not once per file. One module
//! alone: `cargo test -p mancala-cli --test integration MODULE::`.

mod cli;
mod distributed;
mod peers;
mod repository;
mod robustness;
mod solved;
mod texts;
