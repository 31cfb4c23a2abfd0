//! mancala-core's integration tests, a module per subject, built as one test
//! binary: the dependencies are linked once, not once per file. One module
//! alone: `cargo test -p mancala-core --test integration MODULE::`.

mod catalogue;
mod fuzz;
mod mechanisms;
mod namua;
mod module_graph;
mod properties;
mod rows;
mod three_rows;
mod trace;
mod vectors;
mod yardstick;
