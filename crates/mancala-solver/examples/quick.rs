use mancala_core::Rules;
fn main() {
    let game = std::env::args().nth(1).unwrap_or("tihbat".into());
    let rules = Rules::load(&game).unwrap();
    let t = std::time::Instant::now();
    let db = mancala_solver::solve(&rules, true).unwrap();
    println!(
        "solved {} positions in {:.2}s, max depth {}",
        db.positions(),
        t.elapsed().as_secs_f64(),
        db.max_depth()
    );
    let start = rules.start();
    println!("start value {:?}", db.eval(&start));
    for m in db.analyze(&start).unwrap() {
        println!("  {:?} {:?}", m.mv, m.eval);
    }
    let t = std::time::Instant::now();
    let r = mancala_solver::verify(&db, &rules).unwrap();
    println!("{r}\nverify {:.2}s", t.elapsed().as_secs_f64());
}
