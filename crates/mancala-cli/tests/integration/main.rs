//! mancala-cli's integration tests, a module per subject, built as one test
//! binary: the dependencies are linked once, not once per file. One module
//! alone: `cargo test -p mancala-cli --test integration MODULE::`.

mod cli;
mod data;
mod distributed;
mod peers;
mod repository;
mod robustness;
mod solved;
mod texts;

/// The `mancala` binary, without the background builds of the timed levels'
/// data (`MANCALA_DATA_BUILD=off`): a test that plays `ai:9` at Oware would
/// otherwise start a build of minutes.
pub fn mancala_command() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"));
    command.env("MANCALA_DATA_BUILD", "off");
    command
}
