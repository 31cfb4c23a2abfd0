//! Prints a game's page: `cargo run -p mancala-i18n --example page -- GAME LANG`.
fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "modiar".into());
    let lang = args
        .next()
        .and_then(|l| mancala_i18n::Lang::from_code(&l))
        .unwrap_or(mancala_i18n::Lang::En);
    let rules = mancala_core::Rules::load(&game).expect("a game");
    print!("{}", mancala_i18n::rules_text(&rules, lang));
}
