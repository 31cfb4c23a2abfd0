//! mancala-i18n's integration tests, a module per subject, built as one test
//! binary: the dependencies are linked once, not once per file. One module
//! alone: `cargo test -p mancala-i18n --test integration MODULE::`.

mod pages;
mod summary;
