//! Files the user names on the command line: we write what they named and
//! nothing else, so a missing folder is an error, not something to create.

use std::path::Path;

use anyhow::{Result, bail};

/// Refuses `path` (given with `flag`) when its folder does not exist, or
/// when `path` itself is a folder, before any work is done.
pub fn check_file_target(flag: &str, path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!(
            "{flag} {}: it is a directory; give the name of a file to write",
            path.display()
        );
    }
    check_parent(flag, path)
}

/// Refuses `path` (given with `flag`) when the folder it would be made in
/// does not exist: only what the user named is created.
pub fn check_parent(flag: &str, path: &Path) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        bail!(
            "{flag} {}: the folder {} does not exist (create it first, or choose another place)",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}

/// Refuses a data directory `dir` (given with `flag`) that is a file, or
/// whose parent folder does not exist.
pub fn check_dir_target(flag: &str, dir: &Path) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!(
            "{flag} {}: this is a file, not a folder; give the folder to keep the data in",
            dir.display()
        );
    }
    check_parent(flag, dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_named() {
        let tmp = std::env::temp_dir();
        let missing = tmp.join("mancala-no-such-folder-9f3a").join("t.mdb");
        let e = check_file_target("--out", &missing)
            .unwrap_err()
            .to_string();
        assert!(e.contains("does not exist"), "{e}");
        assert!(check_file_target("--out", &tmp.join("t.mdb")).is_ok());
        assert!(check_file_target("--out", Path::new("t.mdb")).is_ok());
        let e = check_file_target("--out", &tmp).unwrap_err().to_string();
        assert!(e.contains("it is a directory"), "{e}");
    }
}
