//! Embeds the curated per-game texts of `games/text/LANG/ID.ftl`, so that a
//! translated overview for a new game is just a new file.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games/text");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, String, String)> = Vec::new();
    if let Ok(langs) = std::fs::read_dir(&dir) {
        for lang in langs.flatten() {
            let lang_dir = lang.path();
            let Some(code) = lang_dir
                .file_name()
                .and_then(|s| s.to_str())
                .map(str::to_string)
            else {
                continue;
            };
            if !lang_dir.is_dir() {
                continue;
            }
            println!("cargo::rerun-if-changed={}", lang_dir.display());
            for entry in std::fs::read_dir(&lang_dir)
                .unwrap_or_else(|e| panic!("{}: {e}", lang_dir.display()))
                .flatten()
            {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "ftl") {
                    let id = path.file_stem().unwrap().to_string_lossy().into_owned();
                    println!("cargo::rerun-if-changed={}", path.display());
                    files.push((code.clone(), id, path.display().to_string()));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Curated game texts, generated from `games/text/*/*.ftl`: (language, game id, Fluent text).\n",
    );
    out.push_str("const GAME_TEXTS: &[(&str, &str, &str)] = &[\n");
    for (code, id, path) in &files {
        writeln!(out, "    ({code:?}, {id:?}, include_str!({path:?})),").unwrap();
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("game_texts.rs");
    std::fs::write(target, out).unwrap();
}
