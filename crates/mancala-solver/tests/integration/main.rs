//! mancala-solver's integration tests, a module per subject, built as one test
//! binary: the dependencies are linked once, not once per file. One module
//! alone: `cargo test -p mancala-solver --test integration MODULE::`.

mod awari_statistics;
mod fuzz_db;
