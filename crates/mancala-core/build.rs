//! Embeds every rule file of `games/` in the library: the built-in game
//! list is the directory's contents, so a new game is just a new file.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "toml").then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    ids.sort();
    let mut out = String::from(
        "/// The built-in games, generated from `games/*.toml`: (id, rule file text).\n",
    );
    out.push_str("const BUILTIN: &[(&str, &str)] = &[\n");
    for id in &ids {
        let path = dir.join(format!("{id}.toml"));
        println!("cargo::rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({id:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("builtin_games.rs");
    std::fs::write(target, out).unwrap();
}
