//! The distributed solver gives the single-process database byte for byte:
//! on threads standing for ranks (every build), and under `mpirun` with 2
//! and 4 ranks (builds with the `mpi` feature; `.ci/run` installs OpenMPI
//! and runs this file with it).

use std::path::Path;
use std::process::Command;

fn mancala() -> Command {
    crate::mancala_command()
}

fn solve(extra: &[&str], game: &str, max_seeds: &str, out: &Path) -> String {
    let output = mancala()
        .args(["solve", game, "--max-seeds", max_seeds, "--json", "--out"])
        .arg(out)
        .args(extra)
        .output()
        .expect("mancala runs");
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "solve {extra:?} failed: {}{}",
        stdout,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

const CASES: [(&str, &str); 2] = [("tihbat", "12"), ("sadeqa-ii", "8")];

#[test]
fn local_ranks_write_the_single_process_database() {
    let dir = tempfile::tempdir().unwrap();
    for (game, seeds) in CASES {
        let single = dir.path().join(format!("{game}-1.mdb"));
        solve(&[], game, seeds, &single);
        let local = dir.path().join(format!("{game}-local.mdb"));
        let json = solve(&["--local-ranks", "3"], game, seeds, &local);
        assert!(json.contains("\"ranks\":3"), "{json}");
        assert!(
            std::fs::read(&single).unwrap() == std::fs::read(&local).unwrap(),
            "{game}: 3 local ranks differ"
        );
    }
}

#[test]
fn without_mpi_an_mpi_job_is_refused_with_what_to_do() {
    if cfg!(feature = "mpi") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let output = mancala()
        .args(["solve", "tihbat", "--out"])
        .arg(dir.path().join("t.mdb"))
        .env("OMPI_COMM_WORLD_SIZE", "2")
        .output()
        .unwrap();
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("built without MPI") && err.contains("--features mpi"),
        "{err}"
    );
    assert!(!dir.path().join("t.mdb").exists());
}

#[cfg(feature = "mpi")]
#[test]
fn mpirun_with_2_and_4_ranks_writes_the_single_process_database() {
    let dir = tempfile::tempdir().unwrap();
    for (game, seeds) in CASES {
        let single = dir.path().join(format!("{game}-1.mdb"));
        solve(&[], game, seeds, &single);
        for ranks in ["2", "4"] {
            let out = dir.path().join(format!("{game}-{ranks}.mdb"));
            let output = Command::new("mpirun")
                // CI runs as root; 4 ranks on a 2-core machine.
                .args(["--allow-run-as-root", "--oversubscribe", "-n", ranks])
                .arg(env!("CARGO_BIN_EXE_mancala"))
                .args(["solve", game, "--max-seeds", seeds, "--json", "--out"])
                .arg(&out)
                .output()
                .expect("mpirun (openmpi-bin) is installed");
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success(),
                "mpirun -n {ranks}: {stdout}{}",
                String::from_utf8_lossy(&output.stderr)
            );
            assert!(stdout.contains(&format!("\"ranks\":{ranks}")), "{stdout}");
            assert_eq!(stdout.lines().count(), 1, "only rank 0 prints: {stdout}");
            assert!(
                std::fs::read(&single).unwrap() == std::fs::read(&out).unwrap(),
                "{game} on {ranks} MPI ranks differs"
            );
        }
    }
}
