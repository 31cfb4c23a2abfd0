//! Verifies a database file.
//!
//! ```text
//! cargo run --release -p mancala-solver --example verify -- GAME DB_FILE
//! ```

use mancala_core::Rules;
use mancala_solver::{Database, VerifyOptions, verify_with};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: verify GAME DB_FILE";
    let rules = Rules::load(&args.next().ok_or(usage)?)?;
    let db = Database::open(args.next().ok_or(usage)?, &rules)?;
    let opts = VerifyOptions {
        progress: true,
        ..VerifyOptions::for_rules(&rules)
    };
    let report = verify_with(&db, &rules, &opts)?;
    println!("{report}");
    if !report.is_ok() {
        std::process::exit(1);
    }
    Ok(())
}
